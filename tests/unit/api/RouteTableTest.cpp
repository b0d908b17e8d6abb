#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "api/ApiError.hpp"
#include "api/RouteTable.hpp"

using lodestone::api::ApiRequest;
using lodestone::api::ApiResponse;
using lodestone::api::Route;
using lodestone::api::RouteGroup;
using lodestone::api::RouteTable;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

namespace {

// Each route's handler answers with a status that names the route, so a test can tell which
// route a match found.
Route route(std::string method, std::string pattern, int tag,
            RouteGroup group = RouteGroup::Status) {
    Route r;
    r.method = std::move(method);
    r.pattern = std::move(pattern);
    r.group = group;
    r.handler = [tag](ApiRequest&) {
        ApiResponse response;
        response.status = tag;
        return response;
    };
    return r;
}

int tagOf(const RouteTable::Match& match) {
    ApiRequest request;
    return match.route->handler(request).status;
}

class RouteTableTest : public ::testing::Test {
  protected:
    void SetUp() override {
        routes_.add(route("GET", "/healthz", 1));
        routes_.add(route("POST", "/api/projects/{projectId}/generate", 2, RouteGroup::Generate));
        routes_.add(route("GET", "/api/projects/{projectId}/generate", 3));
        routes_.add(route("GET", "/api/generation/{jobId}/status", 4));
        routes_.add(route("POST", "/api/generation/{jobId}/retry", 5, RouteGroup::Generate));
        routes_.add(route("GET", "/api/leads/{leadId}/job-status", 6));
        routes_.add(route("GET", "/api/campaigns/{campaignId}/leads/{leadId}", 7));
        routes_.add(route("PUT", "/api/campaigns/{campaignId}/leads/{leadId}", 8));
        routes_.add(route("DELETE", "/api/campaigns/{campaignId}/leads/{leadId}", 9));
    }

    RouteTable routes_;
};

TEST_F(RouteTableTest, AnExactPathMatchesItsRoute) {
    auto match = routes_.match("GET", "/healthz");
    ASSERT_NE(match.route, nullptr);
    EXPECT_EQ(tagOf(match), 1);
    EXPECT_EQ(match.route->pattern, "/healthz");
    EXPECT_THAT(match.params, IsEmpty());
    EXPECT_THAT(match.allowedMethods, IsEmpty());
}

TEST_F(RouteTableTest, TheMethodPicksBetweenRoutesOfOnePath) {
    auto post = routes_.match("POST", "/api/projects/p1/generate");
    ASSERT_NE(post.route, nullptr);
    EXPECT_EQ(tagOf(post), 2);
    EXPECT_EQ(post.route->group, RouteGroup::Generate);
    auto get = routes_.match("GET", "/api/projects/p1/generate");
    ASSERT_NE(get.route, nullptr);
    EXPECT_EQ(tagOf(get), 3);
    EXPECT_EQ(get.route->group, RouteGroup::Status);
    EXPECT_THAT(get.allowedMethods, IsEmpty());
}

TEST_F(RouteTableTest, ParametersAreCaptured) {
    auto match = routes_.match("GET", "/api/generation/job_abc123/status");
    ASSERT_NE(match.route, nullptr);
    EXPECT_EQ(tagOf(match), 4);
    EXPECT_THAT(match.params,
                ElementsAre(std::pair<const std::string, std::string>("jobId", "job_abc123")));
    auto two = routes_.match("PUT", "/api/campaigns/cmp_1/leads/lead_2");
    ASSERT_NE(two.route, nullptr);
    EXPECT_EQ(tagOf(two), 8);
    EXPECT_EQ(two.params.size(), 2u);
    EXPECT_EQ(two.params.at("campaignId"), "cmp_1");
    EXPECT_EQ(two.params.at("leadId"), "lead_2");
}

TEST_F(RouteTableTest, ParametersArePercentDecoded) {
    auto match = routes_.match("GET", "/api/campaigns/a%20b%2Fc/leads/%6C%65%61%64");
    ASSERT_NE(match.route, nullptr);
    EXPECT_EQ(match.params.at("campaignId"), "a b/c");  // an encoded slash stays in the value
    EXPECT_EQ(match.params.at("leadId"), "lead");
    // '+' is not a space in a path.
    EXPECT_EQ(routes_.match("GET", "/api/generation/a+b/status").params.at("jobId"), "a+b");
    // UTF-8, byte by byte.
    EXPECT_EQ(routes_.match("GET", "/api/generation/%C3%A9/status").params.at("jobId"), "\xC3\xA9");
}

TEST_F(RouteTableTest, LiteralSegmentsAreComparedAsWritten) {
    EXPECT_EQ(routes_.match("GET", "/HEALTHZ").route, nullptr);
    EXPECT_EQ(routes_.match("GET", "/api/projects/p1/Generate").route, nullptr);
    // Decoding applies to parameters, after matching; an encoded literal does not match.
    EXPECT_EQ(routes_.match("GET", "/%68ealthz").route, nullptr);
}

TEST_F(RouteTableTest, AWrongMethodListsTheMethodsThePathHas) {
    auto match = routes_.match("DELETE", "/api/projects/p1/generate");
    EXPECT_EQ(match.route, nullptr);
    EXPECT_THAT(match.allowedMethods, UnorderedElementsAre("POST", "GET", "HEAD"));
    EXPECT_THAT(match.params, IsEmpty());

    auto retry = routes_.match("GET", "/api/generation/job_1/retry");
    EXPECT_EQ(retry.route, nullptr);
    EXPECT_THAT(retry.allowedMethods, ElementsAre("POST"));

    auto lead = routes_.match("POST", "/api/campaigns/c/leads/l");
    EXPECT_EQ(lead.route, nullptr);
    EXPECT_THAT(lead.allowedMethods, UnorderedElementsAre("GET", "HEAD", "PUT", "DELETE"));
}

TEST_F(RouteTableTest, AllowedMethodsHaveNoDuplicates) {
    RouteTable routes;
    routes.add(route("GET", "/api/things/{id}", 1));
    routes.add(route("GET", "/api/things/special", 2));  // the same path, the same method
    routes.add(route("POST", "/api/things/{thingId}", 3));
    auto match = routes.match("PATCH", "/api/things/special");
    EXPECT_EQ(match.route, nullptr);
    EXPECT_THAT(match.allowedMethods, UnorderedElementsAre("GET", "HEAD", "POST"));
}

TEST_F(RouteTableTest, MethodsAreCaseSensitive) {
    auto match = routes_.match("get", "/healthz");
    EXPECT_EQ(match.route, nullptr);
    EXPECT_THAT(match.allowedMethods, ElementsAre("GET", "HEAD"));
}

TEST_F(RouteTableTest, HeadIsServedByTheGetRoute) {
    auto match = routes_.match("HEAD", "/api/generation/job_1/status");
    ASSERT_NE(match.route, nullptr);
    EXPECT_EQ(tagOf(match), 4);
    EXPECT_EQ(routes_.match("HEAD", "/api/generation/job_1/retry").route, nullptr);
}

TEST(RouteTablePath, DropsTheQueryAndAnAbsoluteFormPrefix) {
    EXPECT_EQ(RouteTable::pathOf("/api/x?y=1"), "/api/x");
    EXPECT_EQ(RouteTable::pathOf("http://127.0.0.1:8080/api/x?y"), "/api/x");
    EXPECT_EQ(RouteTable::pathOf("https://example.com"), "/");
    EXPECT_EQ(RouteTable::pathOf("/m/lead_1"), "/m/lead_1");
}

TEST_F(RouteTableTest, AnUnknownPathMatchesNothingAndAllowsNothing) {
    for (const std::string path :
         {"/", "/api", "/api/", "/nope", "/api/projects", "/api/projects/p1",
          "/api/projects/p1/generate/extra", "/api/generation/job_1", "/api/leads/l/job_status"}) {
        auto match = routes_.match("GET", path);
        EXPECT_EQ(match.route, nullptr) << path;
        EXPECT_THAT(match.allowedMethods, IsEmpty()) << path;
        EXPECT_THAT(match.params, IsEmpty()) << path;
    }
}

TEST_F(RouteTableTest, TrailingSlashesExtraSegmentsAndEmptyParametersDoNotMatch) {
    for (const std::string path :
         {"/healthz/", "/api/projects/p1/generate/", "/api/projects/p1/generate//",
          "/api/projects//generate", "/api/generation//status", "//api/projects/p1/generate",
          "/api/projects/p1//generate", "/api/campaigns/c/leads/", "/api/campaigns//leads/l",
          "/api/campaigns/c/leads/l/x"}) {
        for (const std::string method : {"GET", "POST", "PUT", "DELETE"}) {
            auto match = routes_.match(method, path);
            EXPECT_EQ(match.route, nullptr) << method << " " << path;
            EXPECT_THAT(match.allowedMethods, IsEmpty()) << method << " " << path;
        }
    }
}

TEST_F(RouteTableTest, APathThatDoesNotStartWithASlashMatchesNothing) {
    EXPECT_EQ(routes_.match("GET", "").route, nullptr);
    EXPECT_EQ(routes_.match("GET", "healthz").route, nullptr);
    EXPECT_EQ(routes_.match("GET", "api/generation/j/status").route, nullptr);
    EXPECT_THAT(routes_.match("GET", "healthz").allowedMethods, IsEmpty());
}

TEST_F(RouteTableTest, AQueryStringIsPartOfWhateverSegmentItEndsUp) {
    // The caller strips the query; if it did not, the literal segment no longer matches...
    EXPECT_EQ(routes_.match("GET", "/healthz?verbose=1").route, nullptr);
    EXPECT_THAT(routes_.match("GET", "/healthz?verbose=1").allowedMethods, IsEmpty());
    // ...and a trailing parameter would swallow it.
    auto match = routes_.match("GET", "/api/campaigns/c/leads/l?x=1");
    ASSERT_NE(match.route, nullptr);
    EXPECT_EQ(match.params.at("leadId"), "l?x=1");
}

TEST_F(RouteTableTest, TheRootPathCanBeARoute) {
    RouteTable routes;
    routes.add(route("GET", "/", 1));
    auto root = routes.match("GET", "/");
    ASSERT_NE(root.route, nullptr);
    EXPECT_EQ(tagOf(root), 1);
    EXPECT_EQ(routes.match("GET", "//").route, nullptr);
    EXPECT_EQ(routes.match("GET", "/x").route, nullptr);
}

TEST_F(RouteTableTest, AFullMatchClearsMethodsCollectedFromEarlierRoutes) {
    // POST /generate is registered before GET: a GET must not report POST as "allowed".
    auto match = routes_.match("GET", "/api/projects/p1/generate");
    ASSERT_NE(match.route, nullptr);
    EXPECT_THAT(match.allowedMethods, IsEmpty());
}

TEST_F(RouteTableTest, AnEmptyTableMatchesNothing) {
    RouteTable routes;
    auto match = routes.match("GET", "/healthz");
    EXPECT_EQ(match.route, nullptr);
    EXPECT_THAT(match.allowedMethods, IsEmpty());
}

}  // namespace

TEST_F(RouteTableTest, AMalformedPercentEscapeMatchesNothing) {
    for (const char* path :
         {"/api/generation/%zz/status", "/api/generation/%/status", "/api/generation/%4/status"}) {
        auto match = routes_.match("GET", path);
        EXPECT_EQ(match.route, nullptr) << path;
        EXPECT_TRUE(match.allowedMethods.empty()) << path;
    }
}

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
