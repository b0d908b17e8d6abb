#include "SiteFindings.hpp"

#include <Poco/JSON/Array.h>

#include <tuple>

#include "Classify.hpp"
#include "SiteSignals.hpp"
#include "Social.hpp"
#include "Text.hpp"

namespace lodestone::research_web {
namespace {

constexpr std::size_t kMaxContactFindings = 5;
constexpr std::size_t kMaxProfileFindings = 5;

Evidence researched(const std::string& url) {
    return {"research", url};
}

// The first organisation's value for `field`, in page order (home first), with its page.
template <typename Field>
std::pair<Field, std::string> firstOf(const std::vector<PageJsonLd>& jsonLd,
                                      Field Organization::*field, bool (*present)(const Field&)) {
    for (const auto& [page, facts] : jsonLd) {
        for (const auto& organization : facts.organizations) {
            if (present(organization.*field)) return {organization.*field, page->url};
        }
    }
    return {Field{}, ""};
}

bool nonEmpty(const std::string& text) {
    return !text.empty();
}
template <typename T>
bool hasValue(const std::optional<T>& value) {
    return value.has_value();
}

std::string openGraph(const PageFacts& facts, const std::string& name) {
    for (const auto& [key, value] : facts.openGraph) {
        if (key == name) return value;
    }
    return "";
}

class SiteReport {
  public:
    SiteReport(const CrawlResult& crawl, const std::string& leadCompany, const std::string& domain,
               const LeadVocabulary& vocab, ResearchReport& report)
        : crawl_(crawl), vocab_(vocab), report_(report) {
        for (const auto& page : crawl.pages) {
            jsonLd_.push_back({&page, readJsonLd(page.facts.jsonLd)});
            report.source(page.url);
        }
        std::tie(siteName_, siteNameAt_) = firstOf(jsonLd_, &Organization::name, nonEmpty);
        if (siteName_.empty()) {
            siteName_ = openGraph(crawl.pages.front().facts, "og:site_name");
            siteNameAt_ = crawl.pages.front().url;
        }
        label_ = !leadCompany.empty() ? leadCompany : !siteName_.empty() ? siteName_ : domain;
    }

    const std::vector<PageJsonLd>& jsonLd() const { return jsonLd_; }
    const std::string& label() const { return label_; }
    const std::string& siteName() const { return siteName_; }

    void organization() {
        const ReadPage& home = crawl_.pages.front();
        report_.profile("company.website", home.url, researched(home.url));
        if (!siteName_.empty()) {
            report_.finding("The website names the company " + siteName_, siteNameAt_, "research");
        }
        description();
        if (const auto [year, at] = firstOf(jsonLd_, &Organization::foundedYear, hasValue<int>);
            year) {
            report_.profile("company.foundedYear", *year, researched(at));
            report_.finding(label_ + " was founded in " + std::to_string(*year), at, "research");
        }
        size();
        place();
        if (const auto [industry, at] = firstOf(jsonLd_, &Organization::industry, nonEmpty);
            !industry.empty()) {
            report_.profile("company.industry", industry, researched(at));
            report_.finding(label_ + "'s website gives its industry as " + industry, at,
                            "research");
        }
    }

    void socialProfiles() {
        std::size_t people = 0;
        std::vector<std::string> networks;
        const auto consider = [&](const std::string& url, const std::string& page) {
            const auto profile = socialProfileOf(url);
            if (!profile) return;
            if (profile->isCompany) {
                if (report_.profile("company.linkedinUrl", url, researched(page))) {
                    report_.finding(label_ + "'s LinkedIn page: " + url, page, "research");
                }
            } else if (profile->isPerson) {
                if (people++ < kMaxProfileFindings) {
                    report_.finding("LinkedIn profile linked from the website: " + url, page,
                                    "research");
                }
            } else if (std::find(networks.begin(), networks.end(), profile->network) ==
                       networks.end()) {
                networks.push_back(profile->network);
                report_.finding(label_ + " on " + profile->network + ": " + url, page, "research");
            }
        };
        for (const auto& [page, facts] : jsonLd_) {
            for (const auto& organization : facts.organizations) {
                for (const auto& url : organization.sameAs) consider(url, page->url);
            }
        }
        for (const auto& page : crawl_.pages) {
            for (const auto& link : page.facts.links) consider(link.url, page.url);
        }
    }

    void contacts() {
        std::vector<std::string> emails, phones;
        for (const auto& page : crawl_.pages) {
            for (const auto& email : page.facts.emails) {
                if (std::find(emails.begin(), emails.end(), email) != emails.end() ||
                    emails.size() >= kMaxContactFindings) {
                    continue;
                }
                emails.push_back(email);
                report_.finding("Email address shown on the website: " + email, page.url,
                                "research");
            }
            for (const auto& phone : page.facts.phones) {
                if (std::find(phones.begin(), phones.end(), phone) != phones.end() ||
                    phones.size() >= kMaxContactFindings) {
                    continue;
                }
                phones.push_back(phone);
                report_.finding("Phone number shown on the website: " + phone, page.url,
                                "research");
            }
        }
    }

    void pages() {
        const ReadPage& home = crawl_.pages.front();
        if (!home.facts.headings.empty()) {
            report_.finding("The home page's headline: " + home.facts.headings.front(), home.url,
                            "research");
        }
        if (!home.facts.summary.empty()) {
            report_.finding("The home page says: " + home.facts.summary, home.url, "research");
        }
        for (const auto& page : crawl_.pages) {
            if (page.kind == PageKind::Pricing) {
                report_.finding(label_ + " publishes its pricing on its website", page.url,
                                "research");
            } else if (page.kind == PageKind::Customers) {
                report_.finding(
                    label_ + " presents its customers on its website" +
                        (page.facts.headings.empty() ? std::string()
                                                     : ": " + page.facts.headings.front()),
                    page.url, "research");
            } else if (page.kind == PageKind::Team) {
                report_.finding(label_ + " presents its team on its website", page.url, "research");
            }
        }
    }

  private:
    void description() {
        const ReadPage& home = crawl_.pages.front();
        auto [text, at] = firstOf(jsonLd_, &Organization::description, nonEmpty);
        if (text.empty() && !home.facts.description.empty()) {
            text = home.facts.description;
            at = home.url;
        }
        if (text.empty()) {
            text = openGraph(home.facts, "og:description");
            at = home.url;
        }
        if (text.empty()) return;
        report_.profile("company.description", cut(text, 1000), researched(at));
        report_.finding(label_ + " describes itself: " + text, at, "research");
    }

    void size() {
        if (const auto [count, at] = firstOf(jsonLd_, &Organization::employeeCount, hasValue<long>);
            count) {
            // The band of a count the client's own count overrode would contradict it.
            if (report_.profile("company.employeeCount", static_cast<Poco::Int64>(*count),
                                researched(at))) {
                report_.profile("company.employeeRange", sizeBandOf(vocab_, *count),
                                {"inferred", "company.employeeCount " + std::to_string(*count)});
            }
            report_.finding(label_ + " has " + std::to_string(*count) + " employees", at,
                            "research");
        } else if (const auto [range, rangeAt] =
                       firstOf(jsonLd_, &Organization::employeeRange, nonEmpty);
                   !range.empty()) {
            report_.profile("company.employeeRange", range, researched(rangeAt));
            report_.finding(label_ + " has " + range + " employees", rangeAt, "research");
        }
    }

    void place() {
        for (const auto& [page, facts] : jsonLd_) {
            for (const auto& organization : facts.organizations) {
                if (organization.locality.empty() && organization.country.empty()) continue;
                report_.profile("company.headquarters", organization.locality,
                                researched(page->url));
                report_.profile("company.region", organization.region, researched(page->url));
                report_.profile("company.country", organization.country, researched(page->url));
                std::string where = organization.locality;
                for (const auto* part : {&organization.region, &organization.country}) {
                    if (!part->empty()) where += (where.empty() ? "" : ", ") + *part;
                }
                report_.finding(label_ + " is based in " + where, page->url, "research");
                return;
            }
        }
    }

    const CrawlResult& crawl_;
    const LeadVocabulary& vocab_;
    ResearchReport& report_;
    std::vector<PageJsonLd> jsonLd_;
    std::string siteName_, siteNameAt_;
    std::string label_;
};

}  // namespace

std::string reportSite(const CrawlResult& crawl, const Fingerprints& fingerprints,
                       const std::string& leadCompany, const std::string& domain,
                       const LeadVocabulary& vocab, ResearchReport& report) {
    if (crawl.pages.empty()) return "";
    SiteReport site(crawl, leadCompany, domain, vocab, report);
    site.organization();
    reportTechnologies(crawl, fingerprints, report);
    reportHiring(crawl, site.jsonLd(), site.label(), vocab, report);
    reportNews(crawl, site.jsonLd(), report);
    site.socialProfiles();
    site.contacts();
    site.pages();
    return site.siteName();
}

}  // namespace lodestone::research_web
