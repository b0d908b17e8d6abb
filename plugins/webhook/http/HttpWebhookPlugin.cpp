// The http webhook plugin: one delivery attempt is one POST of the signed body to the URL.
//
// The daemon builds and signs the request and owns retries; the host's HTTP client owns the
// safety rules (forbidden addresses, the deadline, the response cap, no redirects). What is left
// here is the exchange itself and a short report: the status code and the start of the answer,
// which operators see in the attempt record.
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <sstream>

namespace {

Poco::JSON::Object::Ptr parseObject(const std::string& text, const char* what) {
    try {
        auto object = Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
        if (object) return object;
    } catch (const Poco::Exception&) {
    }
    throw lodestone::InputError(std::string(what) + " is not a JSON object");
}

std::string requiredString(const Poco::JSON::Object& input, const char* key) {
    if (!input.has(key) || !input.get(key).isString()) {
        throw lodestone::InputError(std::string("the delivery has no string \"") + key + "\"");
    }
    return input.getValue<std::string>(key);
}

std::string excerpt(const std::string& body, std::size_t limit) {
    if (body.size() <= limit) return body;
    std::size_t end = limit;
    while (end > 0 && (static_cast<unsigned char>(body[end]) & 0xC0) == 0x80) --end;
    return body.substr(0, end);
}

std::string stringify(const Poco::JSON::Object& object) {
    std::ostringstream text;
    object.stringify(text);
    return text.str();
}

}  // namespace

class HttpWebhookPlugin {
  public:
    static constexpr const char* name = "http";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_WEBHOOK;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "POSTs each webhook delivery, as signed by lodestoned, to the campaign's webhook URL.";
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::optionalKey(
            "excerpt_bytes", LODESTONE_CONFIG_INTEGER, "256",
            "How much of a receiver's answer to report (a record keeps at most 200 bytes).",
            {"0", "16384"}),
    };

    explicit HttpWebhookPlugin(lodestone::Host host) : host_(host) {}

    void configure(const std::string& configJson) {
        auto config = parseObject(configJson, "the config");
        excerptBytes_ = config->getValue<std::size_t>("excerpt_bytes");
    }

    std::string run(lodestone::RunContext& context, const std::string& inputJson) const {
        auto input = parseObject(inputJson, "the delivery");
        Poco::JSON::Object request(Poco::JSON_PRESERVE_KEY_ORDER);
        request.set("method", "POST");
        request.set("url", requiredString(*input, "url"));
        if (input->has("headers")) {
            auto headers = input->getObject("headers");
            if (!headers) throw lodestone::InputError("the delivery's \"headers\" is no object");
            request.set("headers", headers);
        }
        request.set("body", requiredString(*input, "body"));
        context.throwIfCancelled();

        auto response = parseObject(context.httpRequest(stringify(request)), "the response");
        Poco::JSON::Object report(Poco::JSON_PRESERVE_KEY_ORDER);
        report.set("statusCode", response->getValue<int>("status"));
        report.set("latencyMs", response->optValue<Poco::Int64>("latencyMs", 0));
        report.set("responseExcerpt",
                   excerpt(response->optValue<std::string>("body", ""), excerptBytes_));
        host_.debug("delivery " + input->optValue<std::string>("deliveryId", "?") + ": HTTP " +
                    std::to_string(response->getValue<int>("status")));
        return stringify(report);
    }

  private:
    lodestone::Host host_;
    std::size_t excerptBytes_ = 0;
};

LODESTONE_PLUGIN(HttpWebhookPlugin);
