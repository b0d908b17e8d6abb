#pragma once

#include <Poco/Net/HTTPServerRequest.h>

#include <optional>
#include <string>
#include <string_view>

#include "domain/Jobs.hpp"
#include "domain/Records.hpp"
#include "storage/Repositories.hpp"

// What happened on a lead-magnet page (docs/pages.md): views by people, and the call to action
// they followed, counted without cookies or any third party's script.
namespace lodestone::pages {

// A request no person made to read the page: a crawler, a link preview (Slack, WhatsApp, …), a
// mail scanner, a command-line client, a headless browser, a prefetch, or no User-Agent at all.
bool isAutomatedVisitor(const Poco::Net::HTTPServerRequest& request);
// An operator looking at the page from the dashboard (its links carry `?preview`): not a reader.
bool isPreview(const Poco::Net::HTTPServerRequest& request);

// The User-Agent part of that: true for an empty one and for the programs listed in
// PageVisits.cpp.
bool isAutomatedAgent(std::string_view userAgent);

// Within the caller's transaction: counts a view of the lead's page; on the first, publishes
// magnet.viewed.
void recordPageView(storage::Repositories& repositories, const domain::Lead& lead,
                    domain::Timestamp now);

// The lead's calendar link when its address is a prospect of one of its organisation's campaigns
// that has a calendar: "/b/<that prospect's booking token>", the link its outreach emails carry,
// so a booking from the page is matched to the prospect. The most recently added such prospect
// wins.
std::optional<std::string> campaignBookingPath(storage::Repositories& repositories,
                                               const domain::Lead& lead);

// Where the page's call to action leads: campaignBookingPath, else the lead's own /b/<leadId>
// when its project has a calendar URL; none when there is no calendar to book through.
std::optional<std::string> callToActionTarget(storage::Repositories& repositories,
                                              const domain::Lead& lead,
                                              const domain::Project& project);

// "/m/<leadId>/cta": what the page links to, so the click is counted before the redirect.
std::string callToActionPath(const std::string& leadId);

}  // namespace lodestone::pages
