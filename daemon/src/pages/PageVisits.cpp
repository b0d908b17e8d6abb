#include "pages/PageVisits.hpp"

#include <Poco/Logger.h>
#include <Poco/String.h>
#include <Poco/StringTokenizer.h>

#include <array>
#include <string_view>

#include "domain/JsonValues.hpp"
#include "events/EventSubjects.hpp"
#include "pages/PageSettings.hpp"
#include "storage/CampaignRepository.hpp"
#include "storage/LeadRepository.hpp"
#include "storage/ProspectRepository.hpp"

namespace lodestone::pages {
namespace {

// Lowercase fragments of the User-Agent of programs that fetch pages for people who have not
// opened them yet: crawlers and link previews (which name themselves), mail security scanners,
// HTTP libraries and headless browsers.
constexpr std::array<std::string_view, 34> kAutomatedAgents = {"bot",
                                                               "crawl",
                                                               "spider",
                                                               "slurp",
                                                               "preview",
                                                               "facebookexternalhit",
                                                               "embedly",
                                                               "whatsapp",
                                                               "telegram",
                                                               "slack",
                                                               "discord",
                                                               "skypeuripreview",
                                                               "linkedin",
                                                               "pinterest",
                                                               "vkshare",
                                                               "bitlybot",
                                                               "outlook",
                                                               "microsoft office",
                                                               "ms-office",
                                                               "google-read-aloud",
                                                               "barracuda",
                                                               "mimecast",
                                                               "proofpoint",
                                                               "headlesschrome",
                                                               "phantomjs",
                                                               "curl/",
                                                               "wget/",
                                                               "python-",
                                                               "go-http-client",
                                                               "java/",
                                                               "okhttp",
                                                               "libwww",
                                                               "httpclient",
                                                               "lighthouse"};

bool prefetch(const Poco::Net::HTTPServerRequest& request) {
    for (const char* header : {"Purpose", "Sec-Purpose", "X-Purpose", "X-Moz"}) {
        if (request.has(header) &&
            Poco::toLower(request.get(header)).find("prefetch") != std::string::npos) {
            return true;
        }
    }
    return false;
}

}  // namespace

bool isAutomatedAgent(std::string_view userAgent) {
    const std::string agent = Poco::toLower(std::string(userAgent));
    if (Poco::trim(agent).empty()) return true;
    for (auto fragment : kAutomatedAgents) {
        if (agent.find(fragment) != std::string::npos) return true;
    }
    return false;
}

bool isPreview(const Poco::Net::HTTPServerRequest& request) {
    const auto& uri = request.getURI();
    const auto query = uri.find('?');
    if (query == std::string::npos) return false;
    Poco::StringTokenizer pairs(uri.substr(query + 1), "&",
                                Poco::StringTokenizer::TOK_IGNORE_EMPTY);
    for (const auto& pair : pairs) {
        if (pair.substr(0, pair.find('=')) == "preview") return true;
    }
    return false;
}

bool isAutomatedVisitor(const Poco::Net::HTTPServerRequest& request) {
    return request.getMethod() != "GET" || prefetch(request) ||
           isAutomatedAgent(request.get("User-Agent", ""));
}

void recordPageView(storage::Repositories& repositories, const std::string& leadId,
                    domain::Timestamp now) {
    if (!repositories.leads().recordView(leadId, now)) return;
    auto lead = repositories.leads().find(leadId);
    if (!lead) return;
    const auto activity = repositories.leads().activity(leadId);
    auto views = domain::orderedObject();
    views->set("count", activity.views);
    views->set("firstViewedAt", domain::isoUtc(activity.firstViewedAt.value_or(now)));
    views->set("lastViewedAt", domain::isoUtc(activity.lastViewedAt.value_or(now)));
    auto extra = domain::orderedObject();
    extra->set("views", views);
    events::publish(repositories, events::leadEvent("magnet.viewed", *lead, std::nullopt, extra),
                    now);
}

void countIfPossible(storage::Store& store, const std::string& what,
                     const std::function<void(storage::Repositories&)>& count) {
    try {
        store.write([&](storage::Repositories& repositories) { count(repositories); });
    } catch (const std::exception& e) {
        Poco::Logger::get("lodestone.pages")
            .warning("%s was not counted: %s", what, std::string(e.what()));
    }
}

std::optional<std::string> campaignBookingPath(storage::Repositories& repositories,
                                               const domain::Lead& lead) {
    if (lead.prospectId) {
        // Made for this prospect: its booking is the prospect's whatever else shares the address.
        auto prospect = repositories.prospects().find(*lead.prospectId);
        auto campaign =
            prospect ? repositories.campaigns().find(prospect->campaignId) : std::nullopt;
        if (campaign && campaign->calendarUrl) return "/b/" + prospect->bookingToken;
    }
    const std::string emailKey = Poco::toLower(lead.email);
    std::optional<domain::Prospect> chosen;
    for (const auto& campaign : repositories.campaigns().list(lead.organisationId)) {
        if (!campaign.calendarUrl) continue;
        auto prospect = repositories.prospects().findByEmail(campaign.id, emailKey);
        if (prospect && (!chosen || prospect->createdAt > chosen->createdAt)) chosen = prospect;
    }
    if (!chosen) return std::nullopt;
    return "/b/" + chosen->bookingToken;
}

std::optional<std::string> callToActionTarget(storage::Repositories& repositories,
                                              const domain::Lead& lead,
                                              const domain::Project& project) {
    if (auto booking = campaignBookingPath(repositories, lead)) return booking;
    if (pageSettingsOf(project).calendarUrl) return "/b/" + lead.id;
    return std::nullopt;
}

std::string callToActionPath(const std::string& leadId) {
    return "/m/" + leadId + "/cta";
}

}  // namespace lodestone::pages
