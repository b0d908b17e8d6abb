#pragma once

#include <Poco/JSON/Object.h>

#include <functional>
#include <string>

#include "domain/Records.hpp"
#include "storage/Repositories.hpp"

// Everything Lodestone holds about one person, for a request under GDPR articles 15 and 20
// (docs/lists.md, "A person's data"; the document's shape is in docs/api.md).
namespace lodestone::outreach {

// The prospect `prospectId` of `campaign` as one JSON document: its record as the API's view
// shows it with the Add Lead fields it was given, its emails with their subject and text, its
// replies, meetings, lead magnets with their pages, the events sent about it and its suppression.
// Read in the caller's transaction; null when the campaign has no such prospect. Lead magnets of
// projects `projectVisible` refuses are left out, with the events about them (an API key
// restricted to some projects; none: every project).
Poco::JSON::Object::Ptr personalData(
    storage::Repositories& repositories, const domain::Campaign& campaign,
    const std::string& prospectId, const std::string& publicUrl, domain::Timestamp now,
    const std::function<bool(const std::string&)>& projectVisible = {});

// "prospect-<id>-data.json", the name a download is saved under.
std::string personalDataFileName(const std::string& prospectId);

}  // namespace lodestone::outreach
