// The front door: a request reaches its route's handler, HEAD its path's GET, and what the table
// refuses (an unknown path, a method the path does not take) the refusal of the surface the path
// belongs to, told the methods the path takes; each request counted under its route's label.
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/String.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>

#include "http/BufferedExchange.hpp"
#include "metrics/Series.hpp"
#include "routing/FrontDoor.hpp"

using namespace lodestone;
using ::testing::HasSubstr;

namespace {

// Answers `status` with `text` as its body.
class Saying final : public Poco::Net::HTTPRequestHandler {
  public:
    Saying(int status, std::string text) : status_(status), text_(std::move(text)) {}
    void handleRequest(Poco::Net::HTTPServerRequest&,
                       Poco::Net::HTTPServerResponse& response) override {
        response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status_));
        response.send() << text_;
    }

  private:
    int status_;
    std::string text_;
};

routing::Route route(std::string method, std::string pattern) {
    return {method, pattern, {}, [method, pattern](const auto&, const auto& match) {
                std::string text = method + " " + pattern;
                for (const auto& [name, value] : match.params) text += " " + name + "=" + value;
                return new Saying(200, text);
            }};
}

// A surface's refusal: 404, or 405 naming the methods the path takes.
routing::Refusal refusal(std::string surface) {
    return [surface](const auto&, const routing::Match& match) {
        if (!match.path) return new Saying(404, surface + " has no such page");
        return new Saying(405, surface + " allows " +
                                   Poco::cat(std::string(", "), match.allowedMethods.begin(),
                                             match.allowedMethods.end()));
    };
}

class FrontDoorTest : public ::testing::Test {
  protected:
    void SetUp() override {
        routes_.add(route("GET", "/api/things/{thingId}"));
        routes_.add(route("PUT", "/api/things/{thingId}"));
        routes_.add(route("GET", "/m/{leadId}"));
        routes_.add(route("GET", "/dashboard/login"));
        routes_.add(route("POST", "/dashboard/login"));
        routes_.add(route("POST", "/dashboard/logout"));
    }

    struct Answer {
        int status = 0;
        std::string text;
    };
    Answer answer(const std::string& method, const std::string& target) {
        routing::FrontDoor door(routes_, refusal("api"), {{"/dashboard", refusal("dashboard")}},
                                &metrics_.series());
        http::ParsedRequest parsed;
        parsed.head.method = method;
        parsed.head.target = target;
        parsed.head.fields = {{"Host", "127.0.0.1"}};
        http::BufferedResponse response;
        Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams();
        http::BufferedRequest request(std::move(parsed), response,
                                      Poco::Net::SocketAddress("127.0.0.1", 5),
                                      Poco::Net::SocketAddress("127.0.0.1", 6), *params);
        std::unique_ptr<Poco::Net::HTTPRequestHandler> handler(door.createRequestHandler(request));
        handler->handleRequest(request, response);
        const std::string bytes = response.serialize(false);
        return {static_cast<int>(response.getStatus()), bytes.substr(bytes.find("\r\n\r\n") + 4)};
    }
    std::uint64_t counted(const std::string& label, int status) {
        return metrics_.series().httpRequests.with({label, std::to_string(status)}).value();
    }

    routing::RouteTable routes_;
    metrics::Metrics metrics_;
};

}  // namespace

TEST_F(FrontDoorTest, ARequestReachesItsRoutesHandlerWithItsParameters) {
    auto reply = answer("PUT", "/api/things/a%20b?x=1");
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.text, "PUT /api/things/{thingId} thingId=a b");
    EXPECT_EQ(answer("GET", "http://127.0.0.1:8080/m/lead_1").text,
              "GET /m/{leadId} leadId=lead_1");
}

TEST_F(FrontDoorTest, HeadIsServedByThePathsGet) {
    EXPECT_EQ(answer("HEAD", "/api/things/t").status, 200);
    EXPECT_EQ(answer("HEAD", "/dashboard/login").status, 200);
    // Where there is no GET, HEAD is a method the path does not take.
    auto reply = answer("HEAD", "/dashboard/logout");
    EXPECT_EQ(reply.status, 405);
    EXPECT_EQ(reply.text, "dashboard allows POST");
}

TEST_F(FrontDoorTest, AMethodThePathDoesNotTakeIsRefusedByItsSurfaceWithTheMethodsItTakes) {
    auto api = answer("DELETE", "/api/things/t");
    EXPECT_EQ(api.status, 405);
    EXPECT_EQ(api.text, "api allows GET, HEAD, PUT");
    EXPECT_EQ(answer("POST", "/m/lead_1").text, "api allows GET, HEAD");
    auto dashboard = answer("PUT", "/dashboard/login");
    EXPECT_EQ(dashboard.status, 405);
    EXPECT_EQ(dashboard.text, "dashboard allows GET, HEAD, POST");
}

TEST_F(FrontDoorTest, AnUnknownPathIsRefusedByTheSurfaceItLiesUnder) {
    for (const std::string path :
         {"/dashboard", "/dashboard/", "/dashboard/no-such-page", "/dashboard/login/more"}) {
        auto reply = answer("GET", path);
        EXPECT_EQ(reply.status, 404) << path;
        EXPECT_EQ(reply.text, "dashboard has no such page") << path;
    }
    for (const std::string path :
         {"/", "/nothing", "/dashboardx", "/api/things", "/m/a/b", "/api/things/%zz"}) {
        auto reply = answer("GET", path);
        EXPECT_EQ(reply.status, 404) << path;
        EXPECT_EQ(reply.text, "api has no such page") << path;
    }
}

TEST_F(FrontDoorTest, EachRequestIsCountedUnderItsRoutesLabel) {
    answer("GET", "/api/things/t1");
    answer("GET", "/api/things/t2");
    answer("DELETE", "/api/things/t3");
    answer("GET", "/nothing");
    answer("GET", "/dashboard/nothing");
    answer("GET", "/dashboard/logout");
    EXPECT_EQ(counted("/api/things/{thingId}", 200), 2u);
    EXPECT_EQ(counted("/api/things/{thingId}", 405), 1u);
    EXPECT_EQ(counted("unmatched", 404), 2u);
    EXPECT_EQ(counted("/dashboard/logout", 405), 1u);
    EXPECT_EQ(
        metrics_.series().httpRequestDuration.with({"/api/things/{thingId}"}).snapshot().count(),
        3u);
}
