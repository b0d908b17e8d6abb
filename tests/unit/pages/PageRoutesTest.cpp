// The public pages' rows: which paths they take (a lead id where the path must be one), the
// methods each takes, and the label each is counted under.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "domain/Ids.hpp"
#include "pages/PageRoutes.hpp"
#include "support/TempDir.hpp"

using namespace lodestone;
using ::testing::ElementsAre;

namespace {

class PageRoutes : public ::testing::Test {
  protected:
    void SetUp() override {
        storage::StoreOptions options;
        options.path = directory_ / "pages.db";
        store_ = storage::openStore(options);
        routes_.add(pages::routes(*store_, clock_));
    }
    std::string label(const std::string& path, const std::string& method = "GET") const {
        return routes_.match(method, path).label();
    }

    test::TempDir directory_;
    const domain::SystemClock clock_;
    std::unique_ptr<storage::Store> store_;
    routing::RouteTable routes_;
};

}  // namespace

TEST_F(PageRoutes, EachPageIsCountedUnderItsTemplate) {
    const auto lead = domain::newId(domain::IdKind::Lead);
    const auto project = domain::newId(domain::IdKind::Project);
    EXPECT_EQ(label("/m/" + lead), "/m/{leadId}");
    EXPECT_EQ(label("/m/anything"), "/m/{leadId}");  // the page answers 404 itself
    EXPECT_EQ(label("/m/" + lead + "/cta"), "/m/{leadId}/cta");
    EXPECT_EQ(label("/" + lead), "/{leadId}");
    EXPECT_EQ(label("/b/tok123"), "/b/{token}");
    EXPECT_EQ(label("/u/tok123", "POST"), "/u/{token}");
    EXPECT_EQ(label("/assets/" + project + "/logo"), "/assets/{projectId}/logo");
}

TEST_F(PageRoutes, WhatIsNotOneOfTheirPathsIsUnmatched) {
    for (const std::string& path :
         std::vector<std::string>{"/", "/wp-login.php", "/b/", "/b/token/more", "/u/", "/m/",
                                  "/m/a/b", "/m/anything/cta", "/assets/not-a-project/logo",
                                  "/" + domain::newId(domain::IdKind::Job),
                                  "/assets/" + domain::newId(domain::IdKind::Lead) + "/logo"}) {
        EXPECT_EQ(label(path), "unmatched") << path;
    }
}

TEST_F(PageRoutes, PagesAreReadAndOnlyUnsubscribingPosts) {
    const auto lead = domain::newId(domain::IdKind::Lead);
    EXPECT_NE(routes_.match("HEAD", "/m/" + lead).route, nullptr);
    EXPECT_THAT(routes_.match("POST", "/m/" + lead).allowedMethods, ElementsAre("GET", "HEAD"));
    EXPECT_THAT(routes_.match("POST", "/" + lead).allowedMethods, ElementsAre("GET", "HEAD"));
    EXPECT_THAT(routes_.match("DELETE", "/u/t").allowedMethods, ElementsAre("GET", "HEAD", "POST"));
    EXPECT_NE(routes_.match("POST", "/u/t").route, nullptr);
    for (const std::string& path : {"/m/" + lead, std::string("/u/t"), std::string("/b/t")}) {
        EXPECT_EQ(routes_.match("GET", path).route->access.kind, routing::Access::Kind::Public);
    }
}
