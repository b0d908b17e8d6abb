#pragma once

#include <Poco/Net/HTTPServerRequest.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "domain/Jobs.hpp"
#include "domain/Records.hpp"
#include "storage/Repositories.hpp"
#include "storage/Store.hpp"

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
// magnet.viewed (reading the lead only then: a repeat view is two UPDATEs and nothing else).
void recordPageView(storage::Repositories& repositories, const std::string& leadId,
                    domain::Timestamp now);

// Writes a count (a view, a click) in a transaction of its own. One that cannot be written is
// logged ("<what> was not counted: …") and dropped: the reader matters more than the tally, so
// the page or the redirect is served all the same.
void countIfPossible(storage::Store& store, const std::string& what,
                     const std::function<void(storage::Repositories&)>& count);

// The lead's calendar link when it was made for a campaign prospect, or its address is a prospect
// of one of its organisation's campaigns, whose campaign has a calendar: "/b/<that prospect's
// booking token>", the link its outreach emails carry, so a booking from the page is matched to
// the prospect. The prospect it was made for comes first, then the most recently added one.
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
