#pragma once

#include <filesystem>

#include "bench/webhook/WebhookOptions.hpp"
#include "bench/webhook/WebhookResults.hpp"

namespace lodestone::bench::webhook {

void printTable(const Options& options, const Results& r, const std::filesystem::path& dir);
void printJson(const Options& options, const Results& r);

}  // namespace lodestone::bench::webhook
