// research/web: reads the company's website through the host's outbound HTTP and returns what
// it says (docs/plugins.md, research-web): the organisation's own account of itself, where it
// is, how large and how old, the technologies it runs, whether it is hiring, its news, its
// social profiles and contact details, each with the page it came from; merged with what the
// client sent. A site that cannot be read makes warnings, never a failed step.
#include <dlfcn.h>

#include <filesystem>
#include <lodestone/plugin.hpp>
#include <memory>

#include "Classify.hpp"
#include "ClientFacts.hpp"
#include "Crawl.hpp"
#include "LeadFacts.hpp"
#include "ResearchInput.hpp"
#include "ResearchReport.hpp"
#include "Settings.hpp"
#include "SiteFindings.hpp"
#include "SiteText.hpp"
#include "Text.hpp"
#include "Urls.hpp"
#include "leadfacts/LeadVocabulary.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::research_web {
namespace {

// Time kept before the run's deadline to turn what was read into output.
constexpr std::chrono::milliseconds kOutputReserve{500};

// The fingerprint file installed beside this library: lib/lodestone/plugins/research-web/.
std::string shippedFingerprints() {
    static const int anchor = 0;
    Dl_info info{};
    std::filesystem::path library;
    if (dladdr(&anchor, &info) != 0 && info.dli_fname != nullptr) library = info.dli_fname;
    return (library.parent_path() / "research-web" / "technologies.json").string();
}

// The research contract's company keys: the client's values first, then the website's, then
// what research-basic read or inferred from the lead.
void finishCompany(const ResearchInput& input, const LeadFacts& lead, const std::string& domain,
                   const std::string& siteName, const LeadVocabulary& vocab,
                   ResearchReport& report) {
    std::string name = input.companyName.value_or(siteName);
    if (name.empty()) name = lead.company("name").value_or("");
    report.company("name", name);
    std::string whyNot;
    std::string shownDomain = domain;
    if (shownDomain.empty()) shownDomain = siteDomainOf(input, whyNot).value_or("");
    report.company("domain", shownDomain);

    std::optional<std::string> industry = input.industry;
    if (auto profiled = report.profileValue("company.industry"); !industry && profiled) {
        if (profiled->isString()) industry = profiled->extract<std::string>();
    }
    if (industry) report.company("industry", canonicalIndustry(vocab, *industry).value_or(""));

    std::optional<std::string> band;
    if (auto count = report.profileValue("company.employeeCount")) {
        if (count->isNumeric()) band = sizeBandOf(vocab, count->convert<long>());
    }
    if (auto range = report.profileValue("company.employeeRange"); !band && range) {
        if (range->isString()) band = sizeBandOfRange(vocab, range->extract<std::string>());
    }
    if (band) {
        report.company("sizeBand", *band);
        report.company("sizeCategory", sizeCategoryOf(vocab, *band));
    } else {
        // A size word the lead gave ("enterprise") has a category and no band.
        report.company("sizeCategory", lead.company("sizeCategory").value_or(""));
    }
}

class WebResearchPlugin {
  public:
    static constexpr const char* name = "web";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_RESEARCH;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Reads the company's website through lodestoned's outbound HTTP: what it says of itself, "
        "where and how large it is, its technologies, hiring and news, each with its page.";
    static constexpr lodestone_config_key configKeys[] = {
        optionalKey("max_pages", LODESTONE_CONFIG_INTEGER, "4",
                    "Pages read after the home page (careers, about, news, customers, team, "
                    "pricing).",
                    {"0", "20"}),
        // At most the host's cap on a research response (docs/configuration.md), 8 MiB.
        optionalKey("page_bytes", LODESTONE_CONFIG_INTEGER, "2097152",
                    "Most bytes read of one page; the rest is not read.", {"1024", "8388608"}),
        optionalKey("page_timeout", LODESTONE_CONFIG_DURATION, "5s",
                    "Most time for one page (its redirects included), and again for parsing it.",
                    {"100ms", "60s"}),
        optionalKey("step_budget", LODESTONE_CONFIG_DURATION, "20s",
                    "Most time for a whole research run's reading; the run's own deadline "
                    "(pipeline.research.timeout) ends it earlier.",
                    {"1s", "10m"}),
        optionalKey("user_agent", LODESTONE_CONFIG_STRING, "",
                    "User-Agent sent with every request; empty: lodestoned's "
                    "(Lodestone/<version> (research))."),
        optionalKey("resolve", LODESTONE_CONFIG_OBJECT, "{}",
                    "Host names to connect to at a given \"address:port\" instead of looking "
                    "them up, like curl's --resolve; checked like any address."),
        optionalKey("fingerprints", LODESTONE_CONFIG_STRING, "",
                    "Technology fingerprint file (Wappalyzer format); empty: the one installed "
                    "beside the plugin (research-web/technologies.json)."),
    };

    explicit WebResearchPlugin(Host host) : host_(host) {}

    void configure(const std::string& configJson) {
        settings_ = readSettings(configJson, shippedFingerprints());
        // Read at each configure(): a reload configures a new instance, which reads the edited
        // file, while runs of this one keep the words they started with.
        try {
            vocabulary_ = std::make_shared<const LeadVocabulary>(
                vocabulary::vocabularyAt(host_.vocabularyPath()));
        } catch (const std::runtime_error& e) {
            throw ConfigError(e.what());
        }
        host_.debug("configured: " + std::to_string(settings_.fingerprints->size()) +
                    " technology fingerprints from " + settings_.fingerprintsPath + ", " +
                    std::to_string(settings_.resolve.size()) + " resolve entries");
    }

    std::string run(RunContext& context, const std::string& inputJson) const {
        context.progress(5, "reading the input");
        const ResearchInput input = readInput(inputJson);
        ResearchReport report;
        report.source("submitted form");
        // What the client sent goes in first and wins; then what research-basic reads from it.
        reportClient(input, report);
        const LeadVocabulary& vocab = *vocabulary_;
        const LeadFacts lead(input, vocab);
        lead.reportGiven(report);

        std::string domain, siteName, whyNot;
        if (input.skipCompanyEnrichment) {
            report.finding("The client sent the company's data, so its website was not read",
                           "skipCompanyEnrichment", "client");
        } else if (auto site = siteDomainOf(input, whyNot)) {
            domain = *site;
            context.progress(10, "reading " + domain);
            const StepClock clock =
                StepClock::within(settings_.limits.stepBudget, context.deadline(), kOutputReserve,
                                  [&context] { return context.cancelled(); });
            HostFetcher fetcher(context, settings_);
            const CrawlResult crawl = crawlSite(domain, fetcher, settings_.limits, clock);
            for (const auto& warning : crawl.warnings) report.warning(warning);
            context.throwIfCancelled();
            context.progress(80, "reading what " + domain + " says");
            siteName = reportSite(crawl, *settings_.fingerprints, input.companyName.value_or(""),
                                  domain, vocab, report);
            // What the pages say in words fills only what neither the lead nor the site's data
            // gave: the lead's own words are what its labels, and the client, go by.
            const std::string label =
                input.companyName.value_or(siteName.empty() ? domain : siteName);
            if (!report.profileValue("company.industry") && !lead.company("industry")) {
                reportSiteIndustry(crawl, label, vocab, report);
            }
            if (!report.profileValue("company.employeeCount") &&
                !report.profileValue("company.employeeRange") && !lead.company("sizeBand")) {
                reportSiteHeadcount(crawl, label, vocab, report);
            }
        } else {
            report.warning("no company website to read: " + whyNot);
        }
        lead.reportInferred(report);
        finishCompany(input, lead, domain, siteName, vocab, report);
        context.progress(100, "done");
        return report.json();
    }

  private:
    Host host_;
    WebSettings settings_;
    std::shared_ptr<const LeadVocabulary> vocabulary_;  // set by configure(), before any run()
};

}  // namespace
}  // namespace lodestone::research_web

LODESTONE_PLUGIN(lodestone::research_web::WebResearchPlugin);
