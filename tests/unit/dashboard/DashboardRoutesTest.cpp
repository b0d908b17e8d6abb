// The dashboard's rows: every page under /dashboard/, the access each asks for, the methods each
// path takes; and what an anonymous request gets before any page: a sign-in redirect, except on
// the pages anyone may open.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dashboard/Dashboard.hpp"
#include "support/TempDir.hpp"

using namespace lodestone;
using routing::Access;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

class DashboardRoutes : public ::testing::Test {
  protected:
    void SetUp() override {
        storage::StoreOptions options;
        options.path = directory_ / "dashboard.db";
        store_ = storage::openStore(options);
        dashboard_ = std::make_unique<dashboard::Dashboard>(
            dashboard::DashboardServices{config_, *store_, clock_, {}, {}});
        routes_.add(dashboard_->routes());
    }

    const Access& accessOf(const std::string& method, const std::string& path) const {
        return routes_.match(method, path).path->access;
    }

    // What an anonymous request to `path` gets before any page would answer it.
    dashboard::Reply anonymous(const std::string& method, const std::string& path) {
        const auto match = routes_.match(method, path);
        dashboard::DashboardRequest request;
        request.method = method;
        request.params = match.params;
        return dashboard_->answer(request, nullptr, match);
    }

    test::TempDir directory_;
    config::Config config_;
    const domain::SystemClock clock_;
    std::unique_ptr<storage::Store> store_;
    std::unique_ptr<dashboard::Dashboard> dashboard_;
    routing::RouteTable routes_;
};

}  // namespace

TEST_F(DashboardRoutes, EveryPageIsUnderDashboardAndCountedUnderItsTemplate) {
    EXPECT_EQ(routes_.match("GET", "/dashboard/campaigns/c1/prospects/p1").label(),
              "/dashboard/campaigns/{campaignId}/prospects/{prospectId}");
    EXPECT_EQ(routes_.match("GET", "/dashboard/").label(), "/dashboard/");
    EXPECT_EQ(routes_.match("GET", "/dashboard/no-such-page").label(), "unmatched");
    for (const auto& path : {"/dashboard/keys/k1/revoke", "/dashboard/set-password/t"}) {
        EXPECT_NE(routes_.match("GET", path).route, nullptr) << path;
    }
}

TEST_F(DashboardRoutes, EachPathTakesItsMethodsAndHeadWhereverGet) {
    EXPECT_THAT(routes_.match("GET", "/dashboard/logout").allowedMethods, ElementsAre("POST"));
    EXPECT_THAT(routes_.match("PUT", "/dashboard/login").allowedMethods,
                ElementsAre("GET", "HEAD", "POST"));
    EXPECT_THAT(routes_.match("POST", "/dashboard/keys/new").allowedMethods,
                ElementsAre("GET", "HEAD"));
    EXPECT_THAT(routes_.match("GET", "/dashboard/operators/o1/link").allowedMethods,
                ElementsAre("POST"));
    EXPECT_NE(routes_.match("HEAD", "/dashboard/audit").route, nullptr);
}

TEST_F(DashboardRoutes, SigningInIsOpenAdminsAloneManageKeysEndpointsOperatorsAndSecrets) {
    for (const auto& path :
         {"/dashboard/login", "/dashboard/set-password/t", "/dashboard/assets/dashboard.css"}) {
        EXPECT_EQ(accessOf("GET", path).kind, Access::Kind::Public) << path;
    }
    for (const auto& path : {"/dashboard", "/dashboard/", "/dashboard/campaigns/c1",
                             "/dashboard/projects/p1", "/dashboard/audit"}) {
        EXPECT_EQ(accessOf("GET", path).kind, Access::Kind::Session) << path;
    }
    EXPECT_EQ(accessOf("POST", "/dashboard/campaigns/c1/deliveries/d1/redeliver").kind,
              Access::Kind::Session);
    const std::pair<const char*, const char*> admins[] = {
        {"/dashboard/keys", "API keys"},
        {"/dashboard/keys/k1/revoke", "API keys"},
        {"/dashboard/campaigns/c1/rotate-secret", "webhook secrets"},
        {"/dashboard/campaigns/c1/secret", "webhook secrets"},
        {"/dashboard/endpoints", "webhook endpoints"},
        {"/dashboard/endpoints/e1/delete", "webhook endpoints"},
        {"/dashboard/operators", "its operators"},
        {"/dashboard/operators/link", "its operators"},
    };
    for (const auto& [path, manages] : admins) {
        EXPECT_EQ(accessOf("GET", path).kind, Access::Kind::Admin) << path;
        EXPECT_EQ(accessOf("GET", path).manages, manages) << path;
    }
    // A test message goes out from the campaign's sender to any address: admins only.
    EXPECT_EQ(accessOf("POST", "/dashboard/campaigns/c1/test-send").kind, Access::Kind::Admin);
    EXPECT_EQ(accessOf("POST", "/dashboard/campaigns/c1/test-send").manages, "test messages");
}

TEST_F(DashboardRoutes, AnAnonymousRequestIsSentToSignInUnlessThePageIsOpen) {
    for (const auto& [method, path] :
         {std::pair{"GET", "/dashboard/no-such-page"}, std::pair{"GET", "/dashboard/logout"},
          std::pair{"POST", "/dashboard/keys"}, std::pair{"DELETE", "/dashboard/keys"}}) {
        auto reply = anonymous(method, path);
        EXPECT_EQ(reply.status, 303) << method << " " << path;
        EXPECT_EQ(reply.location, "/dashboard/login") << method << " " << path;
    }
    auto refused = anonymous("PUT", "/dashboard/login");
    EXPECT_EQ(refused.status, 405);
    EXPECT_EQ(refused.allow, "GET, HEAD, POST");
    EXPECT_THAT(refused.body, HasSubstr("This address does not take a PUT."));
}
