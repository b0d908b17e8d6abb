#pragma once

#include <string>

#include "domain/Jobs.hpp"
#include "domain/Records.hpp"
#include "jobs/JobHandler.hpp"

// What each step of a lead-magnet job does with its lead and project.
namespace lodestone::leadmagnet {

// The JSON the research and content plugins are given (documented in docs/plugins.md): the job,
// the lead, the project and, for content, the research output.
std::string pluginInput(domain::StepName step, const domain::Job& job, const domain::Lead& lead,
                        const domain::Project& project);

// Content becomes a page: without a title and sections there is nothing to render, so such
// output fails the attempt (throws) rather than finalizing into an empty page.
void checkContent(const std::string& output);

// Finalization: the content step's output rendered into the project's page template, the page
// stored with the lead when the step completes.
jobs::StepResult finalize(const domain::Job& job, const domain::Lead& lead,
                          const domain::Project& project, plugins::RunControl& control);

}  // namespace lodestone::leadmagnet
