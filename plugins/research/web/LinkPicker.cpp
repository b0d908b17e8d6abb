#include "LinkPicker.hpp"

#include <array>
#include <optional>

#include "Text.hpp"
#include "Urls.hpp"

namespace lodestone::research_web {
namespace {

struct KindWords {
    PageKind kind;
    std::vector<std::string_view> pathWords;    // a whole path segment
    std::vector<std::string_view> anchorWords;  // the link's text, whole
};

const std::array<KindWords, 6> kKinds = {{
    {PageKind::Careers,
     {"careers", "career", "jobs", "job", "join-us", "joinus", "work-with-us", "hiring",
      "vacancies", "openings", "join"},
     {"careers", "jobs", "join us", "we're hiring", "we are hiring", "work with us", "open roles",
      "open positions", "vacancies"}},
    {PageKind::About,
     {"about", "about-us", "aboutus", "company", "who-we-are", "our-story", "our-company"},
     {"about", "about us", "company", "who we are", "our story"}},
    {PageKind::News,
     {"blog", "news", "press", "newsroom", "insights", "articles", "updates", "stories"},
     {"blog", "news", "press", "newsroom", "insights", "latest news"}},
    {PageKind::Customers,
     {"customers", "customer-stories", "case-studies", "clients", "testimonials", "success-stories",
      "customer-success"},
     {"customers", "case studies", "clients", "customer stories", "success stories"}},
    {PageKind::Team,
     {"team", "our-team", "leadership", "management", "people", "founders"},
     {"team", "our team", "leadership", "management", "meet the team"}},
    {PageKind::Pricing, {"pricing", "plans", "prices", "price"}, {"pricing", "plans", "prices"}},
}};

// Files and account pages are never what research reads.
bool isDocumentOrAccount(const std::string& path) {
    const std::string lower = lowerAscii(path);
    for (const char* ending : {".pdf", ".jpg", ".jpeg", ".png", ".gif", ".svg", ".zip", ".xml",
                               ".mp4", ".css", ".js", ".webp"}) {
        if (lower.ends_with(ending)) return true;
    }
    for (const char* word : {"login", "signin", "sign-in", "signup", "sign-up", "register", "cart",
                             "checkout", "account"}) {
        if (lower.find(word) != std::string::npos) return true;
    }
    return false;
}

std::vector<std::string> segments(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start < path.size()) {
        std::size_t end = path.find('/', start);
        if (end == std::string::npos) end = path.size();
        if (end > start) parts.push_back(lowerAscii(path.substr(start, end - start)));
        start = end + 1;
    }
    return parts;
}

}  // namespace

std::string_view kindName(PageKind kind) {
    switch (kind) {
        case PageKind::Home:
            return "home";
        case PageKind::Careers:
            return "careers";
        case PageKind::About:
            return "about";
        case PageKind::News:
            return "news";
        case PageKind::Customers:
            return "customers";
        case PageKind::Team:
            return "team";
        case PageKind::Pricing:
            return "pricing";
    }
    return "page";
}

PageKind kindOfLink(const Link& link) {
    const std::string path = pathOf(link.url);
    if (path.empty() || isDocumentOrAccount(path)) return PageKind::Home;
    const auto parts = segments(path);
    const std::string anchor = lowerAscii(link.text);
    // The first segment names a section best ("/careers/engineer"); a deeper one still counts
    // ("/company/careers").
    for (const auto& part : parts) {
        for (const auto& kind : kKinds) {
            for (auto word : kind.pathWords) {
                if (part == word) return kind.kind;
            }
        }
    }
    for (const auto& kind : kKinds) {
        for (auto word : kind.anchorWords) {
            if (anchor == word) return kind.kind;
        }
    }
    return PageKind::Home;
}

std::vector<PickedLink> pickLinks(const std::vector<Link>& links, const std::string& siteHost,
                                  const std::string& domain, std::size_t max) {
    std::array<std::optional<PickedLink>, kKinds.size()> best;
    std::array<std::size_t, kKinds.size()> bestLength{};
    for (const auto& link : links) {
        if (!sameSite(hostOf(link.url), siteHost, domain)) continue;
        const PageKind kind = kindOfLink(link);
        if (kind == PageKind::Home) continue;
        for (std::size_t i = 0; i < kKinds.size(); ++i) {
            if (kKinds[i].kind != kind) continue;
            const std::size_t length = pathOf(link.url).size();
            if (!best[i] || length < bestLength[i]) {
                best[i] = PickedLink{link.url, kind};
                bestLength[i] = length;
            }
        }
    }
    std::vector<PickedLink> picked;
    for (const auto& one : best) {
        if (one && picked.size() < max) picked.push_back(*one);
    }
    return picked;
}

}  // namespace lodestone::research_web
