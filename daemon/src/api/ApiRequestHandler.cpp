#include <Poco/Logger.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <memory>

#include "api/ApiError.hpp"
#include "api/ApiRoutes.hpp"
#include "api/Authentication.hpp"
#include "api/Idempotency.hpp"
#include "api/JsonResponse.hpp"
#include "api/RequestBody.hpp"
#include "metrics/Series.hpp"
#include "routing/RouteTable.hpp"
#include "routing/StreamedResponse.hpp"

namespace lodestone::api {
namespace {

Poco::Logger& log() {
    return Poco::Logger::get("lodestone.api");
}

int limitFor(RouteGroup group, const config::LimitsConfig& limits) {
    switch (group) {
        case RouteGroup::Generate:
            return limits.generatePerMinute;
        case RouteGroup::Status:
            return limits.statusPerMinute;
        case RouteGroup::CampaignLeads:
            return limits.campaignLeadsPerMinute;
    }
    return limits.statusPerMinute;
}

std::string_view groupName(RouteGroup group) {
    switch (group) {
        case RouteGroup::Generate:
            return "generate";
        case RouteGroup::Status:
            return "status";
        case RouteGroup::CampaignLeads:
            return "campaign_leads";
    }
    return "status";
}

ApiResponse fromError(const ApiError& error) {
    return {error.status(), error.body()};
}

// Serves one request to an /api route: authenticate, rate-limit, read the body, honour an
// Idempotency-Key, call the route's handler, and turn whatever it returns or throws into a JSON
// response with the rate-limit headers.
class ApiRequestHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    ApiRequestHandler(ApiServices& services, const ApiRoute& route,
                      std::map<std::string, std::string> params)
        : services_(services), route_(route), params_(std::move(params)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    ApiResponse serve(Poco::Net::HTTPServerRequest& request);
    void sendStream(Poco::Net::HTTPServerRequest& http, Poco::Net::HTTPServerResponse& response,
                    const ApiResponse& result);

    ApiServices& services_;
    const ApiRoute& route_;
    std::map<std::string, std::string> params_;
    std::vector<std::pair<std::string, std::string>> headers_;  // added to whatever is sent
};

}  // namespace

ApiResponse ApiRequestHandler::serve(Poco::Net::HTTPServerRequest& http) {
    ApiRequest request;
    request.method = http.getMethod();
    request.path = routing::pathOf(http.getURI());
    request.params = params_;
    request.target = http.getURI();
    request.key = authenticate(http, services_.keys);

    auto decision =
        services_.limiter.take(request.key.id + "/" + std::string(groupName(route_.group)),
                               limitFor(route_.group, services_.config.limits));
    headers_.emplace_back("X-RateLimit-Limit", std::to_string(decision.limit));
    headers_.emplace_back("X-RateLimit-Remaining", std::to_string(decision.remaining));
    headers_.emplace_back("X-RateLimit-Reset", std::to_string(decision.resetEpochSeconds));
    if (!decision.allowed) {
        if (services_.series) {
            services_.series->rateLimited.with({std::string(groupName(route_.group))}).add();
        }
        throw ApiError(429, "Rate limit exceeded")
            .with("retryAfter", decision.retryAfterSeconds)
            .header("Retry-After", std::to_string(decision.retryAfterSeconds));
    }

    std::string raw;
    if (route_.readsBody) {
        request.body = readJsonBody(http, services_.config.server.maxBodyBytes, raw);
    }
    if (route_.streamsBody) {
        request.bodyStream = &http.stream();
        request.bodyType = http.getContentType();
        if (http.hasContentLength()) request.bodyLength = http.getContentLength64();
        return route_.handler(request);
    }

    std::optional<IdempotencyScope> idempotency;
    if (request.method == "POST" && http.has("Idempotency-Key")) {
        idempotency.emplace(request.key, http.get("Idempotency-Key"), request.method, request.path,
                            raw, services_.clock.now());
        if (auto stored = idempotency->replay(services_.store)) {
            headers_.emplace_back("Idempotent-Replayed", "true");
            return *stored;
        }
        request.idempotency = &*idempotency;
    }
    ApiResponse response;
    try {
        response = route_.handler(request);
    } catch (const IdempotencyRace&) {
        // Another lodestoned stored a response under this key between our check and our commit.
        request.replayed = true;
        response = *idempotency->replay(services_.store);
    }
    if (request.replayed) headers_.emplace_back("Idempotent-Replayed", "true");
    return response;
}

void ApiRequestHandler::handleRequest(Poco::Net::HTTPServerRequest& http,
                                      Poco::Net::HTTPServerResponse& response) {
    ApiResponse result;
    try {
        result = serve(http);
    } catch (const std::exception& caught) {
        auto error = refusalOf(caught, http, log());
        result = fromError(error);
        for (const auto& header : error.headers()) headers_.push_back(header);
    }
    for (const auto& [name, value] : headers_) response.set(name, value);
    for (const auto& [name, value] : result.headers) response.set(name, value);
    if (result.stream) {
        sendStream(http, response, result);
        return;
    }
    sendJson(http, response, result.status, result.json());
}

void ApiRequestHandler::sendStream(Poco::Net::HTTPServerRequest& http,
                                   Poco::Net::HTTPServerResponse& response,
                                   const ApiResponse& result) {
    response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(result.status));
    response.setContentType(result.contentType);
    routing::sendStreamed(http, response, result.stream, log());
}

void ApiRoutes::add(ApiRoute route) {
    auto served = std::make_shared<const ApiRoute>(std::move(route));
    routing::Route row{served->method, served->pattern,
                       routing::Access{routing::Access::Kind::ApiKey},
                       [&services = services_, served](const auto&, const routing::Match& match) {
                           return new ApiRequestHandler(services, *served, match.params);
                       },
                       served->quickRead};
    row.maxBodyBytes = served->maxBodyBytes;
    row.maxBodySetting = served->maxBodySetting;
    rows.push_back(std::move(row));
}

}  // namespace lodestone::api
