// research-web's config keys, read and checked once at configure() (the host has checked their
// types and ranges and filled in their defaults): a page_timeout longer than step_budget, a
// resolve entry that is not "address:port", or a fingerprint file that cannot be used is a
// ConfigError naming the key.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "Technologies.hpp"

namespace lodestone::research_web {

// The config keys of the same names; their defaults and ranges are the key table's.
struct CrawlLimits {
    std::size_t maxPages = 0;  // read after the home page
    std::size_t pageBytes = 0;
    std::chrono::milliseconds pageTimeout{};
    std::chrono::milliseconds stepBudget{};
};

struct WebSettings {
    CrawlLimits limits;
    std::string userAgent;                       // "": the host's research User-Agent
    std::map<std::string, std::string> resolve;  // lower-case host -> "address:port"
    std::string fingerprintsPath;
    std::shared_ptr<const Fingerprints> fingerprints;
};

// `shippedFingerprints`: the data file installed beside the plugin, used when `fingerprints` is
// empty. Throws lodestone::ConfigError.
WebSettings readSettings(const std::string& configJson, const std::string& shippedFingerprints);

}  // namespace lodestone::research_web
