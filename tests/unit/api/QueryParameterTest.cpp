// How every /api route reads its query string (ApiRequest::queryParameter).
#include <gtest/gtest.h>

#include "api/ApiError.hpp"
#include "api/ApiRequest.hpp"

using lodestone::api::ApiRequest;

namespace {

ApiRequest requestFor(const std::string& target) {
    ApiRequest request;
    request.target = target;
    return request;
}

// The 400 queryParameter throws for `target`, as "status: error (invalidFields)".
std::string refusal(const std::string& target, const std::string& name) {
    try {
        requestFor(target).queryParameter(name);
    } catch (const lodestone::api::ApiError& e) {
        std::string out = std::to_string(e.status()) + ": " + e.what();
        if (auto invalid = e.body()->getArray("invalidFields")) {
            out += " (" + invalid->getElement<std::string>(0) + ")";
        }
        return out;
    }
    return "accepted";
}

TEST(QueryParameter, IsDecodedAndAbsentWhenNotGiven) {
    EXPECT_EQ(requestFor("/api/x?status=pending&limit=5").queryParameter("status"), "pending");
    EXPECT_EQ(requestFor("/api/x?q=a%20b").queryParameter("q"), "a b");
    EXPECT_EQ(requestFor("/api/x?limit=5").queryParameter("status"), std::nullopt);
    EXPECT_EQ(requestFor("/api/x").queryParameter("status"), std::nullopt);
    EXPECT_EQ(requestFor("http://h:1/api/x?status=failed").queryParameter("status"), "failed");
}

TEST(QueryParameter, ANameGivenTwiceIs400NamingIt) {
    EXPECT_EQ(refusal("/api/x?status=pending&status=failed", "status"),
              "400: Query parameter status is given more than once; give it once (status)");
    EXPECT_EQ(refusal("/api/x?limit=5&status=failed&limit=5", "limit"),
              "400: Query parameter limit is given more than once; give it once (limit)");
    // Only what a route asks for is judged: a repeated parameter it ignores stays ignored.
    EXPECT_EQ(requestFor("/api/x?tag=a&tag=b&status=failed").queryParameter("status"), "failed");
}

TEST(QueryParameter, AMalformedEscapeIs400) {
    EXPECT_EQ(refusal("/api/x?status=%zz", "status"),
              "400: The query string is not valid: a % must start an escape such as %20");
}

}  // namespace
