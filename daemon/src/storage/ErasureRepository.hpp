#pragma once

#include <string>

#include "domain/Time.hpp"

namespace lodestone::storage {

// What an erasure removed, by table, for its answer and its audit entry.
struct ErasureCounts {
    int prospects = 0;         // made tombstones: status and dates kept, every personal field gone
    int leads = 0;             // theirs and Generate's for the address: fields, page gone
    int researchFindings = 0;  // job steps whose output (research, score, content) was dropped
    int emailSends = 0;        // SMTP replies and errors dropped; unsent ones cancelled
    int meetings = 0;          // titles dropped
    int webhookEvents = 0;     // payloads replaced; undelivered ones given up
    int auditEntries = 0;      // details that named the person dropped
    int idempotentResponses = 0;  // stored responses naming the person deleted
    int importRejections = 0;     // CSV imports' rejected rows whose reason named the person
};

// Removes one person's personal data from every table (docs/lists.md, Erasure), keeping the
// rows counts and totals are made of. The caller keeps the address suppressed by its hash.
class ErasureRepository {
  public:
    virtual ~ErasureRepository() = default;
    // Every prospect and every lead of the organisation whose lowercased address is `emailKey`,
    // and all that hangs off them.
    virtual ErasureCounts erasePerson(const std::string& organisationId,
                                      const std::string& emailKey, domain::Timestamp now) = 0;
};

}  // namespace lodestone::storage
