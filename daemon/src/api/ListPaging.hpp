#pragma once

#include <Poco/JSON/Array.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "api/ApiRequest.hpp"
#include "storage/PageCursor.hpp"
#include "storage/PageRequest.hpp"
#include "storage/ProspectRepository.hpp"

// How every list route pages (docs/api.md, Lists): `?limit=` (1-200, 50 when absent) and
// `?cursor=` (opaque: the `nextCursor` of the page before), newest first.
namespace lodestone::api {

// The page a request asks for, as storage reads it: one row more than the page holds, so the
// answer knows whether another page follows. A bad limit or cursor is a 400 naming it.
storage::PageRequest pageRequested(const ApiRequest& request);

// A 400 naming the query parameter (in invalidFields), as every list route refuses one.
[[noreturn]] void refuseParameter(const std::string& name, const std::string& message);

// "a, b, c": the statuses a filter takes, for the 400 that names them.
template <typename Status>
std::string namesOf(const std::vector<Status>& statuses) {
    std::string names;
    for (auto status : statuses) {
        if (!names.empty()) names += ", ";
        names += domain::toString(status);
    }
    return names;
}

// Which of the campaign's prospects a request asks for: `status`, `q` (words searched in the
// contact's name, email and company) and `minScore`, each refused with a 400 naming it when it
// cannot be read. The prospect list and the list export take the same.
storage::ProspectFilter prospectFilter(const ApiRequest& request, const std::string& campaignId);

// {"success": true, <name>: [...], "nextCursor": …}
ApiResponse listAnswer(const std::string& name, const Poco::JSON::Array::Ptr& items,
                       const std::optional<std::string>& nextCursor);

}  // namespace lodestone::api
