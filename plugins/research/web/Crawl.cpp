#include "Crawl.hpp"

#include <lodestone/plugin.hpp>
#include <set>

#include "Charset.hpp"
#include "HtmlTree.hpp"
#include "NestingGuard.hpp"
#include "Text.hpp"
#include "Urls.hpp"

namespace lodestone::research_web {
namespace {

using namespace std::chrono;

// Below this much time left a request is not worth starting.
constexpr milliseconds kLeastUseful{50};

std::string header(const NamedValues& headers, const std::string& name) {
    for (const auto& [key, value] : headers) {
        if (equalsIgnoreCase(key, name)) return value;
    }
    return "";
}

std::string shownBytes(std::size_t bytes) {
    if (bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + " MiB";
    if (bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " bytes";
}

// gumbo's memory for one page: plenty for any real page, far below what a crafted one would
// make it take.
std::size_t parseMemoryFor(std::size_t pageBytes) {
    return std::min<std::size_t>(256u << 20, (32u << 20) + 24 * pageBytes);
}

class SiteReader {
  public:
    SiteReader(const std::string& domain, PageFetcher& fetcher, const CrawlLimits& limits,
               const StepClock& clock)
        : domain_(domain), fetcher_(fetcher), limits_(limits), clock_(clock) {}

    CrawlResult run() {
        readHome();
        if (result_.pages.empty()) return std::move(result_);
        const ReadPage& home = result_.pages.front();
        const auto links = pickLinks(home.facts.links, hostOf(home.url), domain_, limits_.maxPages);
        for (std::size_t i = 0; i < links.size(); ++i) {
            if (clock_.remaining() < kLeastUseful) {
                warn("step_budget spent: " + std::to_string(links.size() - i) +
                     " page(s) not read, starting with " + links[i].url);
                break;
            }
            if (seen_.count(links[i].url) != 0) continue;
            read(links[i].url, links[i].kind);
        }
        return std::move(result_);
    }

  private:
    void readHome() {
        const std::string https = "https://" + domain_ + "/";
        const std::string http = "http://" + domain_ + "/";
        std::string httpsFailure;
        if (read(https, PageKind::Home, &httpsFailure) || httpsFailure.empty()) return;
        // No answer over https at all (not an error status): the site may be http only.
        if (!read(http, PageKind::Home)) {
            warn("no page of " + domain_ +
                 " could be read; the company was not researched "
                 "from its website");
        }
    }

    // Reads one page within page_timeout, following redirects. `noAnswer` receives why, when
    // the first request got no answer at all; warnings otherwise say what went wrong.
    bool read(const std::string& url, PageKind kind, std::string* noAnswer = nullptr) {
        const auto pageDeadline =
            std::min(clock_.deadline(), steady_clock::now() + limits_.pageTimeout);
        std::string current = url;
        HttpAnswer answer;
        for (int hop = 0;; ++hop) {
            seen_.insert(current);
            const auto left = duration_cast<milliseconds>(pageDeadline - steady_clock::now());
            if (left < kLeastUseful) {
                warn(current + ": no time left within page_timeout; skipped");
                return false;
            }
            try {
                answer = fetcher_.get(current, left);
            } catch (const FetchFailed& e) {
                if (hop == 0 && noAnswer != nullptr) *noAnswer = e.what();
                warn(current + ": " + e.what() + "; skipped");
                return false;
            }
            if (answer.status < 300 || answer.status > 399 || answer.status == 304) break;
            const std::string location = header(answer.headers, "Location");
            auto next = resolveUrl(current, location);
            if (!next) {
                warn(current + ": HTTP " + std::to_string(answer.status) +
                     " without a usable Location; skipped");
                return false;
            }
            if (hop == kMaxRedirects) {
                warn(url + ": more than " + std::to_string(kMaxRedirects) +
                     " redirects (the last to " + *next + "); skipped");
                return false;
            }
            if (seen_.count(*next) != 0 && *next != url) {
                warn(url + ": redirects to " + *next + ", already read or tried; skipped");
                return false;
            }
            if (*next == current) {
                warn(url + ": redirects to itself; skipped");
                return false;
            }
            current = *next;
        }
        if (answer.status < 200 || answer.status > 299) {
            warn(current + ": HTTP " + std::to_string(answer.status) + "; skipped");
            return false;
        }
        ReadPage page{current, kind, answer.headers, {}};
        if (answer.truncated) {
            warn(current + ": larger than page_bytes (" + shownBytes(limits_.pageBytes) +
                 "); only its first " + shownBytes(limits_.pageBytes) + " were read");
        }
        if (!readHtml(current, answer,
                      std::min(clock_.deadline(), steady_clock::now() + limits_.pageTimeout),
                      clock_.cancelFlag(), page.facts, result_.warnings)) {
            return false;
        }
        result_.pages.push_back(std::move(page));
        return true;
    }

    void warn(std::string text) { result_.warnings.push_back(std::move(text)); }

    std::string domain_;
    PageFetcher& fetcher_;
    const CrawlLimits& limits_;
    const StepClock& clock_;
    std::set<std::string> seen_;
    CrawlResult result_;
};

}  // namespace

bool readHtml(const std::string& url, const HttpAnswer& answer,
              StepClock::Clock::time_point deadline, const std::function<bool()>& cancelled,
              PageFacts& facts, std::vector<std::string>& warnings) {
    const std::string contentType = header(answer.headers, "Content-Type");
    const std::string mediaType = lowerAscii(trim(contentType.substr(0, contentType.find(';'))));
    if (!mediaType.empty() && mediaType != "text/html" && mediaType != "application/xhtml+xml") {
        warnings.push_back(url + ": " + mediaType + " is not HTML; skipped");
        return false;
    }
    DecodedText decoded = decodePage(answer.body, contentType);
    if (!decoded.understood) {
        warnings.push_back(url + ": charset \"" + cut(validUtf8(decoded.charset), 40) +
                           "\" is not one research-web decodes; read as UTF-8");
    }
    std::string_view html = decoded.text;
    if (const std::size_t cut = nestingCut(html); cut < html.size()) {
        warnings.push_back(url + ": elements nested deeper than " +
                           std::to_string(kMaxParsedNesting) + "; read up to there (byte " +
                           std::to_string(cut) + ")");
        html = html.substr(0, cut);
    }
    ParseLimits limits;
    limits.maxBytes = parseMemoryFor(answer.body.size());
    limits.deadline = deadline;
    limits.cancelled = cancelled;
    try {
        const HtmlTree tree = HtmlTree::parse(html, limits);
        facts = extractPage(tree, url);
    } catch (const ParseAborted& e) {
        if (cancelled && cancelled()) throw Cancelled();
        warnings.push_back(url + ": the page " + e.what() + "; skipped");
        return false;
    }
    if (facts.tooDeep) {
        warnings.push_back(url + ": elements nested deeper than " + std::to_string(kMaxNesting) +
                           " were not read");
    }
    if (facts.tooLarge) {
        warnings.push_back(url + ": only the first " + std::to_string(kMaxElements) +
                           " elements were read");
    }
    return true;
}

CrawlResult crawlSite(const std::string& domain, PageFetcher& fetcher, const CrawlLimits& limits,
                      const StepClock& clock) {
    return SiteReader(domain, fetcher, limits, clock).run();
}

}  // namespace lodestone::research_web
