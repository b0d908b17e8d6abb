// Pages fetched through the host's http_request (ABI 1.2), under the daemon's outbound rules: one
// GET, no redirect followed, with the page's time limit and size cap, the configured User-Agent
// and, for a name under `resolve`, the address to connect to instead of a DNS lookup.
#pragma once

#include <chrono>
#include <lodestone/plugin.hpp>
#include <stdexcept>
#include <string>

#include "Settings.hpp"
#include "Technologies.hpp"

namespace lodestone::research_web {

struct HttpAnswer {
    int status = 0;
    NamedValues headers;
    std::string body;  // the bytes as sent, at most page_bytes
    bool truncated = false;
};

// No answer came (refused address, DNS, connect, TLS, timeout, a URL the host will not fetch);
// what() is the host's reason.
class FetchFailed : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class PageFetcher {
  public:
    virtual ~PageFetcher() = default;
    // Throws FetchFailed, or lodestone::Cancelled once the run is cancelled.
    virtual HttpAnswer get(const std::string& url, std::chrono::milliseconds timeout) = 0;
};

class HostFetcher final : public PageFetcher {
  public:
    HostFetcher(const RunContext& context, const WebSettings& settings)
        : context_(context), settings_(settings) {}
    HttpAnswer get(const std::string& url, std::chrono::milliseconds timeout) override;

  private:
    const RunContext& context_;
    const WebSettings& settings_;
};

}  // namespace lodestone::research_web
