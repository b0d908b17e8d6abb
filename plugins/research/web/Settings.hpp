// research-web's config keys, read and checked once at configure(): a value out of range, a
// resolve entry that is not "address:port", or a fingerprint file that cannot be used is a
// ConfigError naming the key.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "Technologies.hpp"

namespace lodestone::research_web {

struct CrawlLimits {
    std::size_t maxPages = 4;  // read after the home page
    std::size_t pageBytes = 2u * 1024u * 1024u;
    std::chrono::milliseconds pageTimeout{5000};
    std::chrono::milliseconds stepBudget{20000};
};

struct WebSettings {
    CrawlLimits limits;
    std::string userAgent;                       // "": the host's research User-Agent
    std::map<std::string, std::string> resolve;  // lower-case host -> "address:port"
    std::string fingerprintsPath;
    std::shared_ptr<const Fingerprints> fingerprints;
};

// The most page_bytes may be: the host's research cap (docs/configuration.md).
inline constexpr std::size_t kLargestPage = 8u * 1024u * 1024u;

// `shippedFingerprints`: the data file installed beside the plugin, used when `fingerprints` is
// empty. Throws lodestone::ConfigError.
WebSettings readSettings(const std::string& configJson, std::uint32_t hostAbiMinor,
                         const std::string& shippedFingerprints);

}  // namespace lodestone::research_web
