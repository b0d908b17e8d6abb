#include "api/ListPaging.hpp"

#include <Poco/NumberParser.h>

#include "api/ApiError.hpp"
#include "api/JsonResponse.hpp"
#include "storage/PageCursor.hpp"

namespace lodestone::api {

void refuseParameter(const std::string& name, const std::string& message) {
    ApiError error(400, message);
    error.with("invalidFields", stringArray({name}));
    throw error;
}

storage::PageRequest pageRequested(const ApiRequest& request) {
    storage::PageRequest page;
    int limit = storage::kDefaultPageSize;
    if (auto text = request.queryParameter("limit")) {
        if (!Poco::NumberParser::tryParse(*text, limit) || limit < 1 ||
            limit > storage::kMaxPageSize) {
            refuseParameter("limit", "limit must be a whole number from 1 to " +
                                         std::to_string(storage::kMaxPageSize));
        }
    }
    page.limit = limit + 1;
    if (auto cursor = request.queryParameter("cursor")) {
        page.after = storage::pageStartOf(*cursor);
        if (!page.after) {
            refuseParameter(
                "cursor",
                "cursor is not one this API gave out; send the nextCursor of the page before, "
                "or no cursor for the first page");
        }
    }
    return page;
}

ApiResponse listAnswer(const std::string& name, const Poco::JSON::Array::Ptr& items,
                       const std::optional<std::string>& nextCursor) {
    auto body = orderedObject();
    body->set("success", true);
    body->set(name, items);
    body->set("nextCursor", domain::orNull(nextCursor));
    return {200, body};
}

}  // namespace lodestone::api
