#pragma once

#include <string>

#include "domain/Ids.hpp"
#include "domain/Jobs.hpp"

// Records as the daemon makes them, built in memory for a test to adjust and store: the one
// place the tests spell out what a lead and its lead-magnet job hold.
namespace lodestone::test {

// A lead of a project, with only an email, created `at`.
inline domain::Lead newLead(const std::string& organisationId, const std::string& projectId,
                            domain::Timestamp at, const std::string& email = "ada@example.com") {
    return {domain::newId(domain::IdKind::Lead), organisationId,    projectId, email,
            R"({"email":")" + email + R"("})",   "http://x/m/lead", at};
}

// The lead's job as Generate Lead Magnet makes it: queued at research, due and created `at`,
// holding no credits.
inline domain::Job newJob(const domain::Lead& lead, domain::Timestamp at) {
    domain::Job job;
    job.id = domain::newId(domain::IdKind::Job);
    job.leadId = lead.id;
    job.organisationId = lead.organisationId;
    job.projectId = lead.projectId;
    job.leadMagnetUrl = lead.leadMagnetUrl;
    job.runAfter = job.createdAt = job.updatedAt = at;
    return job;
}

}  // namespace lodestone::test
