// Reading a company's website within the step's limits: the home page (https, else http), at
// most three redirects per page, each followed here (the host never follows one, and checks
// every target's address again), then up to max_pages of the pages that matter for sales
// research. A page that cannot be read is a warning, never a failed step.
#pragma once

#include <string>
#include <vector>

#include "HostFetch.hpp"
#include "LinkPicker.hpp"
#include "PageExtract.hpp"
#include "Settings.hpp"
#include "StepClock.hpp"

namespace lodestone::research_web {

struct ReadPage {
    std::string url;  // where the page was read, after redirects
    PageKind kind;
    NamedValues headers;
    PageFacts facts;
};

struct CrawlResult {
    std::vector<ReadPage> pages;  // the home page first, when it could be read
    std::vector<std::string> warnings;
};

inline constexpr int kMaxRedirects = 3;

// Reads the site of `domain` (a host name). Throws lodestone::Cancelled when the run is.
CrawlResult crawlSite(const std::string& domain, PageFetcher& fetcher, const CrawlLimits& limits,
                      const StepClock& clock);

// One page's bytes as facts: charset decoded, parsed within `deadline`, read. Adds a warning and
// returns false when the page cannot be used. Also the fuzz target's way in.
bool readHtml(const std::string& url, const HttpAnswer& answer,
              StepClock::Clock::time_point deadline, const std::function<bool()>& cancelled,
              PageFacts& facts, std::vector<std::string>& warnings);

}  // namespace lodestone::research_web
