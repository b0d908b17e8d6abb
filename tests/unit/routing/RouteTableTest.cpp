// The table every request is routed by: paths matched segment by segment, parameters captured
// (and checked, where a kind is given), HEAD served by GET, the methods a path takes when the
// request's is not one of them, and the label each request is counted under.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "domain/Ids.hpp"
#include "routing/RouteTable.hpp"

using lodestone::routing::Access;
using lodestone::routing::Match;
using lodestone::routing::Route;
using lodestone::routing::RouteTable;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

namespace {

Route route(std::string method, std::string pattern, Access access = {}) {
    return {std::move(method), std::move(pattern), std::move(access),
            [](const auto&, const auto&) { return nullptr; }};
}

// Which row a match found, as "METHOD pattern".
std::string found(const Match& match) {
    return match.route ? match.route->method + " " + match.route->pattern : "none";
}

class RouteTableTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const Access key{Access::Kind::ApiKey};
        routes_.add(route("GET", "/healthz"));
        routes_.add(route("POST", "/api/projects/{projectId}/generate", key));
        routes_.add(route("GET", "/api/projects/{projectId}/generate", key));
        routes_.add(route("GET", "/api/generation/{jobId}/status", key));
        routes_.add(route("POST", "/api/generation/{jobId}/retry", key));
        routes_.add(route("GET", "/api/leads/{leadId}/job-status", key));
        routes_.add(route("GET", "/api/campaigns/{campaignId}/leads/{leadId}", key));
        routes_.add(route("PUT", "/api/campaigns/{campaignId}/leads/{leadId}", key));
        routes_.add(route("DELETE", "/api/campaigns/{campaignId}/leads/{leadId}", key));
    }

    RouteTable routes_;
};

TEST_F(RouteTableTest, AnExactPathMatchesItsRoute) {
    auto match = routes_.match("GET", "/healthz");
    ASSERT_NE(match.route, nullptr);
    EXPECT_EQ(found(match), "GET /healthz");
    EXPECT_EQ(match.path, match.route);
    EXPECT_THAT(match.params, IsEmpty());
    EXPECT_THAT(match.allowedMethods, IsEmpty());
}

TEST_F(RouteTableTest, TheMethodPicksBetweenRoutesOfOnePath) {
    auto post = routes_.match("POST", "/api/projects/p1/generate");
    ASSERT_NE(post.route, nullptr);
    EXPECT_EQ(found(post), "POST /api/projects/{projectId}/generate");
    EXPECT_EQ(post.route->access.kind, Access::Kind::ApiKey);
    auto get = routes_.match("GET", "/api/projects/p1/generate");
    ASSERT_NE(get.route, nullptr);
    EXPECT_EQ(found(get), "GET /api/projects/{projectId}/generate");
    EXPECT_EQ(get.path, get.route);
    EXPECT_THAT(get.allowedMethods, IsEmpty());
}

TEST_F(RouteTableTest, ParametersAreCaptured) {
    auto match = routes_.match("GET", "/api/generation/job_abc123/status");
    ASSERT_NE(match.route, nullptr);
    EXPECT_EQ(found(match), "GET /api/generation/{jobId}/status");
    EXPECT_THAT(match.params,
                ElementsAre(std::pair<const std::string, std::string>("jobId", "job_abc123")));
    auto two = routes_.match("PUT", "/api/campaigns/cmp_1/leads/lead_2");
    ASSERT_NE(two.route, nullptr);
    EXPECT_EQ(found(two), "PUT /api/campaigns/{campaignId}/leads/{leadId}");
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
    EXPECT_THAT(match.allowedMethods, ElementsAre("POST", "GET", "HEAD"));  // as the rows come
    EXPECT_THAT(match.params, IsEmpty());
    ASSERT_NE(match.path, nullptr);
    EXPECT_EQ(match.path->pattern, "/api/projects/{projectId}/generate");

    auto retry = routes_.match("GET", "/api/generation/job_1/retry");
    EXPECT_EQ(retry.route, nullptr);
    EXPECT_THAT(retry.allowedMethods, ElementsAre("POST"));

    auto lead = routes_.match("POST", "/api/campaigns/c/leads/l");
    EXPECT_EQ(lead.route, nullptr);
    EXPECT_THAT(lead.allowedMethods, UnorderedElementsAre("GET", "HEAD", "PUT", "DELETE"));
}

TEST_F(RouteTableTest, AllowedMethodsHaveNoDuplicates) {
    RouteTable routes;
    routes.add(route("GET", "/api/things/{id}"));
    routes.add(route("GET", "/api/things/special"));  // the same path, the same method
    routes.add(route("POST", "/api/things/{thingId}"));
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
    EXPECT_EQ(found(match), "GET /api/generation/{jobId}/status");
    auto retry = routes_.match("HEAD", "/api/generation/job_1/retry");
    EXPECT_EQ(retry.route, nullptr);
    EXPECT_THAT(retry.allowedMethods, ElementsAre("POST"));
}

TEST(RouteTablePath, DropsTheQueryAndAnAbsoluteFormPrefix) {
    using lodestone::routing::pathOf;
    EXPECT_EQ(pathOf("/api/x?y=1"), "/api/x");
    EXPECT_EQ(pathOf("http://127.0.0.1:8080/api/x?y"), "/api/x");
    EXPECT_EQ(pathOf("https://example.com"), "/");
    EXPECT_EQ(pathOf("/m/lead_1"), "/m/lead_1");
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
    routes.add(route("GET", "/"));
    auto root = routes.match("GET", "/");
    ASSERT_NE(root.route, nullptr);
    EXPECT_EQ(found(root), "GET /");
    EXPECT_EQ(root.label(), "/");
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

using lodestone::domain::IdKind;
using lodestone::domain::newId;

TEST(RouteTableKinds, AParameterOfAKindTakesOnlyWhatLooksLikeSuchAnId) {
    RouteTable routes;
    routes.add(route("GET", "/m/{leadId}"));
    routes.add(route("GET", "/m/{leadId:lead}/cta"));
    routes.add(route("GET", "/assets/{projectId:project}/logo"));
    routes.add(route("GET", "/{leadId:lead}"));
    const auto lead = newId(IdKind::Lead);
    const auto project = newId(IdKind::Project);

    auto root = routes.match("GET", "/" + lead);
    EXPECT_EQ(found(root), "GET /{leadId:lead}");
    EXPECT_EQ(root.param("leadId"), lead);
    EXPECT_EQ(found(routes.match("GET", "/m/" + lead + "/cta")), "GET /m/{leadId:lead}/cta");
    EXPECT_EQ(found(routes.match("GET", "/assets/" + project + "/logo")),
              "GET /assets/{projectId:project}/logo");
    // Without a kind, anything.
    EXPECT_EQ(found(routes.match("GET", "/m/anything")), "GET /m/{leadId}");
    for (const std::string& path : std::vector<std::string>{
             "/nothing", "/healthz", "/" + project, "/m/anything/cta", "/m/" + project + "/cta",
             "/assets/" + lead + "/logo", "/assets/not-a-project/logo"}) {
        auto match = routes.match("GET", path);
        EXPECT_EQ(match.path, nullptr) << path;
        EXPECT_THAT(match.allowedMethods, IsEmpty()) << path;
    }
    // The kind is checked after decoding, as the handler sees the id.
    auto encoded = routes.match("GET", "/lead%5F" + lead.substr(5));
    EXPECT_EQ(found(encoded), "GET /{leadId:lead}");
    EXPECT_EQ(encoded.param("leadId"), lead);
}

TEST(RouteTableKinds, AnUnknownKindIsRefusedWhenTheRouteIsAdded) {
    RouteTable routes;
    EXPECT_THROW(routes.add(route("GET", "/x/{id:nonsense}")), std::invalid_argument);
}

TEST(RouteTableLabels, ARequestIsCountedUnderItsRoutesTemplate) {
    RouteTable routes;
    routes.add(route("POST", "/api/projects/{projectId}/generate"));
    routes.add(route("GET", "/api/generation/{jobId}/status"));
    routes.add(route("GET", "/{leadId:lead}"));
    routes.add(route("GET", "/b/{token}"));
    Route custom = route("GET", "/healthz");
    custom.label = "probe";
    routes.add(custom);
    EXPECT_EQ(routes.match("POST", "/api/projects/p/generate").label(),
              "/api/projects/{projectId}/generate");
    EXPECT_EQ(routes.match("HEAD", "/api/generation/j/status").label(),
              "/api/generation/{jobId}/status");
    // A 405 is still a request to that route.
    EXPECT_EQ(routes.match("GET", "/api/projects/p/generate").label(),
              "/api/projects/{projectId}/generate");
    // A parameter's kind is no part of the label.
    EXPECT_EQ(routes.match("GET", "/" + newId(IdKind::Lead)).label(), "/{leadId}");
    EXPECT_EQ(routes.match("GET", "/healthz").label(), "probe");
    // Never the path itself.
    for (const std::string path : {"/", "/wp-login.php", "/b/", "/b/token/more", "/api",
                                   "/api/projects/p/generate/extra", "/healthz/"}) {
        EXPECT_EQ(routes.match("GET", path).label(), "unmatched") << path;
    }
}

TEST(RouteTableQuickReads, OnlyAQuickReadsGetOrHeadIsAnsweredInline) {
    RouteTable routes;
    Route status = route("GET", "/api/generation/{jobId}/status");
    status.quickRead = true;
    routes.add(status);
    routes.add(route("GET", "/api/campaigns"));
    routes.add(route("POST", "/api/generation/{jobId}/retry"));
    EXPECT_TRUE(routes.answersInline("GET", "/api/generation/j/status?x=1"));
    EXPECT_TRUE(routes.answersInline("HEAD", "http://127.0.0.1:1/api/generation/j/status"));
    EXPECT_FALSE(routes.answersInline("POST", "/api/generation/j/status"));
    EXPECT_FALSE(routes.answersInline("GET", "/api/campaigns"));
    EXPECT_FALSE(routes.answersInline("POST", "/api/generation/j/retry"));
    EXPECT_FALSE(routes.answersInline("GET", "/nothing"));
}

}  // namespace
