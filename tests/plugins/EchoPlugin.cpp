// A well-behaved research plugin written against plugin.hpp, as a plugin author would. Its
// output echoes the input and the config it was given; the input's "mode" makes it misbehave
// on purpose so the loader's tests can watch the host cope.
#include <Poco/Exception.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <lodestone/plugin.hpp>
#include <sstream>
#include <string>
#include <thread>

namespace {

Poco::JSON::Object::Ptr parseObject(const std::string& text, const char* what) {
    try {
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));  // keep key order
        auto value = parser.parse(text);
        if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
            return value.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception& e) {
        throw lodestone::InputError(std::string(what) + " is not JSON: " + e.displayText());
    }
    throw lodestone::InputError(std::string(what) + " is not a JSON object");
}

std::string stringify(const Poco::JSON::Object::Ptr& object) {
    std::ostringstream out;
    object->stringify(out);
    return out.str();
}

class EchoPlugin {
  public:
    static constexpr const char* name = "echo";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_RESEARCH;
    static constexpr const char* version = "1.2.3";
    static constexpr const char* description =
        "Test plugin: returns its input and config; some input modes misbehave on purpose.";
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::requiredKey("greeting", LODESTONE_CONFIG_STRING, "Copied into every output."),
        lodestone::optionalKey("repeat", LODESTONE_CONFIG_INTEGER, "1",
                               "How many times the greeting is repeated; not negative.",
                               {nullptr, "100"}),
        lodestone::optionalKey("pause", LODESTONE_CONFIG_DURATION, "5s",
                               "Echoed back as milliseconds."),
        lodestone::optionalKey("loud", LODESTONE_CONFIG_BOOLEAN, "false",
                               "Upper-cases the greeting."),
        lodestone::optionalKey("ratio", LODESTONE_CONFIG_NUMBER, "0.5", "Echoed back.",
                               {"0", "10"}),
        lodestone::optionalKey("tags", LODESTONE_CONFIG_STRING_LIST, "[alpha, beta]",
                               "Echoed back."),
        lodestone::optionalKey("extra", LODESTONE_CONFIG_OBJECT, nullptr,
                               "Any mapping; echoed back."),
    };

    explicit EchoPlugin(lodestone::Host host) : host_(host) {}

    void configure(const std::string& configJson) {
        auto config = parseObject(configJson, "the config");
        const auto repeat = config->getValue<Poco::Int64>("repeat");
        if (repeat < 0) {
            throw lodestone::ConfigError("repeat must not be negative, got " +
                                         std::to_string(repeat));
        }
        std::string greeting = config->getValue<std::string>("greeting");
        if (config->getValue<bool>("loud")) {
            for (auto& c : greeting) c = static_cast<char>(std::toupper(c));
        }
        for (Poco::Int64 i = 0; i < repeat; ++i) greeting_ += (i == 0 ? "" : " ") + greeting;
        // Kept as text: run() may be called on several threads, each parses its own copy.
        configJson_ = configJson;
        host_.debug("configured");
    }

    std::string run(lodestone::RunContext& context, const std::string& inputJson) const {
        auto input = parseObject(inputJson, "the input");
        const std::string mode = input->optValue<std::string>("mode", "echo");
        if (mode == "throw") throw std::runtime_error("boom");
        if (mode == "throw-unknown") throw 42;
        if (mode == "invalid-json") return "not json";
        if (mode == "empty") return "";
        if (mode == "array") return "[1, 2]";
        if (mode == "input-error") throw lodestone::InputError("mode input-error is refused");
        if (mode == "long-error") {
            std::string message;
            for (int i = 0; i < 5000; ++i) message += "\xC3\xA9";  // "é", two bytes each
            throw std::runtime_error(message);
        }
        if (mode == "huge") {
            const auto bytes = input->getValue<std::size_t>("bytes");
            return "{\"data\":\"" + std::string(bytes, 'x') + "\"}";
        }
        if (mode == "log") {
            host_.info("hello from echo");
            host_.warning("careful");
        }
        if (mode == "wait-for-cancel") {
            context.progress(10, "waiting to be cancelled");
            while (!context.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            throw lodestone::Cancelled("stopped waiting: the host cancelled the run");
        }

        context.progress(0, "starting");
        context.throwIfCancelled();
        context.progress(50, "echoing");
        Poco::JSON::Object::Ptr output = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        output->set("plugin", name);
        output->set("greeting", greeting_);
        output->set("deadline", context.deadline());
        output->set("input", input);
        output->set("config", parseObject(configJson_, "the config"));
        context.progress(100, "done");
        return stringify(output);
    }

  private:
    lodestone::Host host_;
    std::string greeting_;
    std::string configJson_;
};

}  // namespace

LODESTONE_PLUGIN(EchoPlugin);
