// The route label a request is counted under in lodestone_http_requests_total: a template for
// every route, "unmatched" for the rest, never the raw path.
#include <gtest/gtest.h>

#include "api/RouteLabel.hpp"
#include "domain/Ids.hpp"

using namespace lodestone;
using api::routeLabel;

namespace {

class RouteLabel : public ::testing::Test {
  protected:
    void SetUp() override {
        for (auto [method, pattern] :
             {std::pair{"POST", "/api/projects/{projectId}/generate"},
              std::pair{"GET", "/api/generation/{jobId}/status"},
              std::pair{"GET", "/api/campaigns/{campaignId}/leads/{prospectId}"}}) {
            api::Route route;
            route.method = method;
            route.pattern = pattern;
            route.handler = [](api::ApiRequest&) { return api::ApiResponse{}; };
            routes_.add(route);
        }
    }
    std::string label(const std::string& path, const std::string& method = "GET",
                      bool metricsServed = true) const {
        return routeLabel(routes_, method, path, metricsServed);
    }

    api::RouteTable routes_;
};

}  // namespace

TEST_F(RouteLabel, ApiRoutesAreCountedUnderTheirTemplate) {
    EXPECT_EQ(label("/api/projects/prj_1/generate", "POST"), "/api/projects/{projectId}/generate");
    EXPECT_EQ(label("/api/generation/job_abc/status"), "/api/generation/{jobId}/status");
    EXPECT_EQ(label("/api/generation/job_abc/status", "HEAD"), "/api/generation/{jobId}/status");
    EXPECT_EQ(label("/api/campaigns/c%20x/leads/p1"),
              "/api/campaigns/{campaignId}/leads/{prospectId}");
}

TEST_F(RouteLabel, AWrongMethodOnARouteKeepsItsTemplate) {
    // A 405 is still a request to that route.
    EXPECT_EQ(label("/api/projects/prj_1/generate", "GET"), "/api/projects/{projectId}/generate");
}

TEST_F(RouteLabel, AnythingNoRouteMatchesIsUnmatched) {
    EXPECT_EQ(label("/api"), "unmatched");
    EXPECT_EQ(label("/api/projects/prj_1/generate/extra", "POST"), "unmatched");
    EXPECT_EQ(label("/api/nothing/here"), "unmatched");
    EXPECT_EQ(label("/"), "unmatched");
    EXPECT_EQ(label("/wp-login.php"), "unmatched");
    EXPECT_EQ(label("/b/"), "unmatched");
    EXPECT_EQ(label("/b/token/more"), "unmatched");
    EXPECT_EQ(label("/assets/not-a-project/logo"), "unmatched");
    EXPECT_EQ(label("/healthz/"), "unmatched");
}

TEST_F(RouteLabel, PublicPagesHaveFixedLabels) {
    const auto lead = domain::newId(domain::IdKind::Lead);
    const auto project = domain::newId(domain::IdKind::Project);
    EXPECT_EQ(label("/m/" + lead), "/m/{leadId}");
    EXPECT_EQ(label("/m/anything"), "/m/{leadId}");  // the page answers 404 itself
    EXPECT_EQ(label("/" + lead), "/{leadId}");
    EXPECT_EQ(label("/b/tok123"), "/b/{token}");
    EXPECT_EQ(label("/u/tok123", "POST"), "/u/{token}");
    EXPECT_EQ(label("/assets/" + project + "/logo"), "/assets/{projectId}/logo");
    EXPECT_EQ(label("/healthz"), "/healthz");
    EXPECT_EQ(label("/readyz", "POST"), "/readyz");
}

TEST_F(RouteLabel, MetricsIsARouteOnlyWhereItIsServed) {
    EXPECT_EQ(label("/metrics"), "/metrics");
    EXPECT_EQ(label("/metrics", "GET", false), "unmatched");
}
