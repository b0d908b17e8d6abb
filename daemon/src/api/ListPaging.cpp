#include "api/ListPaging.hpp"

#include <Poco/NumberParser.h>

#include "api/ApiError.hpp"
#include "api/JsonResponse.hpp"
#include "storage/PageCursor.hpp"

namespace lodestone::api {
namespace {

constexpr std::size_t kLongestSearch = 200;

}  // namespace

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

storage::ProspectFilter prospectFilter(const ApiRequest& request, const std::string& campaignId) {
    storage::ProspectFilter filter;
    filter.campaignId = campaignId;
    if (auto status = request.queryParameter("status")) {
        filter.status = domain::prospectStatusFromString(*status);
        if (!filter.status) {
            refuseParameter("status",
                            "status must be one of " + namesOf(domain::everyProspectStatus()));
        }
    }
    if (auto text = request.queryParameter("q")) {
        if (text->size() > kLongestSearch) {
            refuseParameter("q",
                            "q must be at most " + std::to_string(kLongestSearch) + " characters");
        }
        if (text->find_first_not_of(" \t") != std::string::npos) filter.text = *text;
    }
    if (auto minScore = request.queryParameter("minScore")) {
        int value = 0;
        if (!Poco::NumberParser::tryParse(*minScore, value) || value < 0 || value > 100) {
            refuseParameter("minScore", "minScore must be a whole number from 0 to 100");
        }
        filter.minScore = value;
    }
    return filter;
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
