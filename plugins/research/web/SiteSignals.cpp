#include "SiteSignals.hpp"

#include <Poco/JSON/Array.h>

#include <algorithm>
#include <set>

#include "Classify.hpp"
#include "Text.hpp"

namespace lodestone::research_web {
namespace {

constexpr std::size_t kMaxTechnologies = 50;
constexpr std::size_t kMaxJobFindings = 10;
constexpr std::size_t kMaxNews = 5;

Poco::JSON::Array::Ptr arrayOf(const std::vector<std::string>& items) {
    Poco::JSON::Array::Ptr array = new Poco::JSON::Array();
    for (const auto& item : items) array->add(item);
    return array;
}

struct News {
    std::string title;
    std::string date;
    std::string url;
};

}  // namespace

void reportTechnologies(const CrawlResult& crawl, const Fingerprints& fingerprints,
                        ResearchReport& report) {
    std::vector<std::string> names, categories;
    std::string firstPage;
    for (const auto& page : crawl.pages) {
        PageSignals signals{page.headers, cookiesFrom(page.headers), page.facts.scriptSources,
                            page.facts.metaTags, page.facts.startTags};
        std::vector<std::string> here;
        for (const auto& detection : fingerprints.detect(signals)) {
            if (std::find(names.begin(), names.end(), detection.name) != names.end()) continue;
            if (names.size() >= kMaxTechnologies) break;
            names.push_back(detection.name);
            here.push_back(detection.name);
            for (const auto& category : detection.categories) {
                if (std::find(categories.begin(), categories.end(), category) == categories.end()) {
                    categories.push_back(category);
                }
            }
        }
        if (here.empty()) continue;
        if (firstPage.empty()) firstPage = page.url;
        report.finding("Technologies seen on " + page.url + ": " + plugin_text::listed(here),
                       page.url, "research");
    }
    if (names.empty()) return;
    report.profile("company.technologies", arrayOf(names), {"research", firstPage});
    report.profile("company.techCategories", arrayOf(categories), {"research", firstPage});
}

void reportHiring(const CrawlResult& crawl, const std::vector<PageJsonLd>& jsonLd,
                  const std::string& label, const LeadVocabulary& vocab, ResearchReport& report) {
    std::set<std::string> seen;
    std::vector<std::string> departments;
    std::size_t openRoles = 0;
    std::string postedOn;
    for (const auto& [page, facts] : jsonLd) {
        for (const auto& job : facts.jobs) {
            if (job.title.empty() || !seen.insert(job.title + "\n" + job.location).second) continue;
            ++openRoles;
            if (postedOn.empty()) postedOn = page->url;
            std::string department = job.department;
            if (department.empty()) {
                if (auto fromTitle = departmentOf(vocab, job.title)) {
                    department = titleCase(*fromTitle == "customer_success" ? "customer success"
                                                                            : *fromTitle);
                }
            }
            if (!department.empty() && std::find(departments.begin(), departments.end(),
                                                 department) == departments.end()) {
                departments.push_back(department);
            }
            if (openRoles <= kMaxJobFindings) {
                std::string detail = department;
                if (!job.location.empty()) detail += (detail.empty() ? "" : ", ") + job.location;
                report.finding(
                    "Open role: " + job.title + (detail.empty() ? "" : " (" + detail + ")"),
                    page->url, "research");
            }
        }
    }
    if (openRoles > 0) {
        const Evidence evidence{"research", postedOn};
        report.profile("company.signals.hiringSignals.isHiring", true, evidence);
        report.profile("company.signals.hiringSignals.openRoles",
                       static_cast<Poco::Int64>(openRoles), evidence);
        if (!departments.empty()) {
            report.profile("company.signals.hiringSignals.departments", arrayOf(departments),
                           evidence);
        }
        report.finding(label + " is hiring " + std::to_string(openRoles) +
                           (openRoles == 1 ? " person" : " people") +
                           (departments.empty() ? "" : " in " + plugin_text::listed(departments)),
                       postedOn, "research");
        return;
    }
    for (const auto& page : crawl.pages) {
        if (page.kind == PageKind::Careers) {
            report.finding(label + " has a careers page, with no job postings it lists as data",
                           page.url, "research");
            return;
        }
    }
}

void reportNews(const CrawlResult& crawl, const std::vector<PageJsonLd>& jsonLd,
                ResearchReport& report) {
    std::vector<News> news;
    std::set<std::string> titles;
    const auto add = [&](const std::string& title, const std::string& date,
                         const std::string& url) {
        if (!title.empty() && titles.insert(lowerAscii(title)).second) {
            news.push_back({title, date, url});
        }
    };
    for (const auto& [page, facts] : jsonLd) {
        for (const auto& article : facts.articles)
            add(article.headline, article.datePublished, page->url);
    }
    for (const auto& page : crawl.pages) {
        for (const auto& post : page.facts.posts) add(post.title, post.date, page.url);
    }
    if (news.empty()) return;
    // Newest first: ISO dates sort as text; undated posts keep their place after the dated.
    std::stable_sort(news.begin(), news.end(), [](const News& a, const News& b) {
        if (a.date.empty() != b.date.empty()) return b.date.empty();
        return a.date > b.date;
    });
    if (news.size() > kMaxNews) news.resize(kMaxNews);
    std::vector<std::string> recent;
    for (const auto& item : news) {
        recent.push_back(item.title);
        report.finding("News" + (item.date.empty() ? std::string() : " (" + item.date + ")") +
                           ": " + item.title,
                       item.url, "research");
    }
    report.profile("company.signals.newsSignals.recentNews", arrayOf(recent),
                   {"research", news.front().url});
}

}  // namespace lodestone::research_web
