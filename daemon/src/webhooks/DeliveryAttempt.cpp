#include "webhooks/DeliveryAttempt.hpp"

#include <Poco/JSON/Parser.h>

#include "domain/Urls.hpp"
#include "webhooks/AttemptRequest.hpp"

namespace lodestone::webhooks {
namespace {

constexpr std::size_t kExcerptChars = 200;

AttemptResult failed(std::string error, std::int64_t latencyMs = 0) {
    AttemptResult result;
    result.error = std::move(error);
    result.latencyMs = latencyMs;
    return result;
}

std::string noAnswerInTime(std::chrono::milliseconds timeout, const std::string& detail) {
    return "no answer within the timeout of " + std::to_string(timeout.count()) +
           " ms (webhooks.timeout): " + detail;
}

}  // namespace

AttemptResult readReport(const std::string& output, std::int64_t latencyMs) {
    Poco::JSON::Object::Ptr report;
    try {
        report = Poco::JSON::Parser().parse(output).extract<Poco::JSON::Object::Ptr>();
    } catch (const Poco::Exception&) {
    }
    // A boolean passes Poco's isInteger(), and a huge number would not fit an int: neither is an
    // HTTP status, so both are a plugin's mistake rather than the receiver's answer.
    const Poco::Dynamic::Var code =
        report && report->has("statusCode") ? report->get("statusCode") : Poco::Dynamic::Var();
    if (!code.isInteger() || code.isBoolean()) {
        return failed("the webhook plugin reported no integer statusCode", latencyMs);
    }
    const auto wide = code.convert<Poco::Int64>();
    if (wide < 100 || wide > 599) {
        return failed("the webhook plugin reported statusCode " + std::to_string(wide) +
                          ", which is not an HTTP status",
                      latencyMs);
    }
    const int status = static_cast<int>(wide);
    AttemptResult result;
    result.statusCode = status;
    result.latencyMs = latencyMs;
    result.delivered = status >= 200 && status <= 299;
    if (!result.delivered) {
        std::string excerpt;
        if (report->has("responseExcerpt") && report->get("responseExcerpt").isString()) {
            excerpt = report->getValue<std::string>("responseExcerpt");
        }
        result.error = describeAnswer(status, excerpt);
    }
    return result;
}

std::string describeAnswer(int statusCode, const std::string& excerpt) {
    std::string text = "HTTP " + std::to_string(statusCode);
    if (statusCode >= 300 && statusCode <= 399) {
        text += " (redirects are not followed: set the campaign's webhook URL to the final one)";
    }
    if (!excerpt.empty()) {
        // Cut on a UTF-8 character boundary.
        std::size_t end = std::min(excerpt.size(), kExcerptChars);
        while (end < excerpt.size() && end > 0 &&
               (static_cast<unsigned char>(excerpt[end]) & 0xC0) == 0x80) {
            --end;
        }
        text += ": " + excerpt.substr(0, end);
    }
    return text;
}

DeliveryAttempt::DeliveryAttempt(plugins::PluginChoice plugin,
                                 std::shared_ptr<const plugins::HttpGateway> gateway,
                                 std::chrono::milliseconds timeout, const domain::Clock& clock)
    : plugin_(std::move(plugin)), gateway_(std::move(gateway)), timeout_(timeout), clock_(clock) {}

DeliveryAttempt::Call DeliveryAttempt::prepare(
    const domain::WebhookDelivery& delivery, const std::optional<DeliveryTarget>& target,
    const std::shared_ptr<plugins::RunControl>& control) const {
    auto fails = [](std::string error) { return Call{nullptr, failed(std::move(error))}; };
    auto endsHere = [](std::string error) {
        auto result = failed(std::move(error));
        result.retryable = false;
        return Call{nullptr, result};
    };
    if (!target) {
        return endsHere(delivery.endpointId
                            ? "endpoint " + *delivery.endpointId + " no longer exists"
                            : "campaign " + delivery.campaignId.value_or("") + " no longer exists");
    }
    if (target->refusal) return endsHere(*target->refusal);
    if (!target->url || target->url->empty()) {
        return fails(target->name + " has no webhook URL (set one with `" + target->urlCommand +
                     "`)");
    }
    // A URL stored before the rule was what it is now (user info was allowed once) meets it here.
    // The reason is shown, not the URL: its path may hold a token, and the error is stored.
    if (auto problem = domain::httpUrlProblem(*target->url)) {
        return fails("the " + target->kind + "'s webhook URL " + *problem + "; it must be " +
                     domain::kHttpUrlRule + " (set another with `" + target->urlCommand + "`)");
    }
    std::string input;
    try {
        input = buildAttemptRequest(delivery, *target, *target->url, clock_.now())
                    .pluginInput(delivery);
    } catch (const std::exception& e) {
        return fails(std::string("cannot build the request: ") + e.what());
    }
    control->allowHttp(gateway_.get());
    // The instance in force now: a reload during the call does not touch it.
    return {[plugin = plugin_.current(), gateway = gateway_, control, input = std::move(input)] {
                return plugin->run(*control, input);
            },
            std::nullopt};
}

AttemptResult DeliveryAttempt::conclude(const work::CallEnd& end,
                                        const plugins::RunControl& control,
                                        std::int64_t latencyMs) const {
    switch (end.how) {
        case work::CallEnding::Finished:
            break;
        case work::CallEnding::Overran:
            return failed(noAnswerInTime(timeout_, "the webhook plugin did not return"), latencyMs);
        case work::CallEnding::Interrupted:
            return failed("interrupted: lodestoned stopped during this attempt", latencyMs);
    }
    if (end.error) {
        try {
            std::rethrow_exception(end.error);
        } catch (const std::exception& e) {
            // The host's client stopped at the deadline: say which setting that was.
            if (control.cancelled()) return failed(noAnswerInTime(timeout_, e.what()), latencyMs);
            return failed(e.what(), latencyMs);
        } catch (...) {
            return failed(
                "the webhook plugin failed with an exception that is not a "
                "std::exception",
                latencyMs);
        }
    }
    return readReport(end.output, latencyMs);
}

}  // namespace lodestone::webhooks
