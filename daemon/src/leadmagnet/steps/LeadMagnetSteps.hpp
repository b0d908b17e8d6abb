#pragma once

#include <optional>
#include <string>

#include "domain/Jobs.hpp"
#include "domain/Records.hpp"
#include "jobs/JobHandler.hpp"
#include "metrics/Series.hpp"

// What each step of a lead-magnet job does with its lead and project.
namespace lodestone::leadmagnet {

// The JSON the research and content plugins are given (documented in docs/plugins.md): the job,
// the lead, the project and, for content, the research output.
std::string pluginInput(domain::StepName step, const domain::Job& job, const domain::Lead& lead,
                        const domain::Project& project);

// Content becomes a page: without a title and sections there is nothing to render, so such
// output fails the attempt (throws) rather than finalizing into an empty page.
void checkContent(const std::string& output);
// Adds the language-model tokens a content plugin reported in its output's `usage`
// (promptTokens, completionTokens: content-openai's) to lodestone_llm_tokens_total. Output
// without them counts nothing; it never throws.
void countTokensUsed(const metrics::Series& series, const std::string& plugin,
                     const std::string& output);

// Finalization: the content step's output rendered into the project's page template, the page
// stored with the lead when the step completes. The call to action goes through
// /m/<leadId>/cta (which counts the click) to `campaignBooking` when there is one (read when the
// step is claimed: pages::campaignBookingPath), else to the project's calendar_url (the lead's
// own /b/<leadId> link); without either it links where the content says. `now` dates the page.
jobs::StepResult finalize(const domain::Job& job, const domain::Lead& lead,
                          const domain::Project& project, plugins::RunControl& control,
                          domain::Timestamp now, const std::optional<std::string>& campaignBooking);

}  // namespace lodestone::leadmagnet
