// A plugin for the job engine's and the webhook loop's tests, built three times (research,
// content and webhook, by SCRIPTED_KIND). Its config scripts how each job's (or delivery's)
// attempts go: fail the first N, reject their input on the first N, crash the process on the
// first N, hang past any timeout on the first N, or take a while. Attempt counts
// live in files under state_dir, so they survive the crashes and restarts the tests cause, and
// every invocation is logged there so tests can count how often each step ran.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <lodestone/plugin.hpp>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

namespace {

Poco::JSON::Object::Ptr parseObject(const std::string& text) {
    auto value = Poco::JSON::Parser().parse(text);
    if (value.type() != typeid(Poco::JSON::Object::Ptr)) {
        throw lodestone::InputError("expected a JSON object");
    }
    return value.extract<Poco::JSON::Object::Ptr>();
}

class ScriptedPlugin {
  public:
    static constexpr const char* name = "scripted";
    static constexpr lodestone_plugin_kind kind = SCRIPTED_KIND;
    static constexpr const char* version = "1.0.0";
    static constexpr const char* description =
        "Test plugin: fails, crashes, hangs or dawdles on a job's first attempts, as configured.";
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::requiredKey("state_dir", LODESTONE_CONFIG_STRING,
                               "Folder for attempt counts and the invocation log."),
        lodestone::optionalKey("fail_times", LODESTONE_CONFIG_INTEGER, "0",
                               "Fail this many of each job's first attempts."),
        lodestone::optionalKey("reject_times", LODESTONE_CONFIG_INTEGER, "0",
                               "Reject the input (a failure no retry can fix) this many times."),
        lodestone::optionalKey("crash_times", LODESTONE_CONFIG_INTEGER, "0",
                               "abort() the whole process on this many first attempts."),
        lodestone::optionalKey("hang_times", LODESTONE_CONFIG_INTEGER, "0",
                               "Ignore cancellation and sleep `hang` on this many first attempts."),
        lodestone::optionalKey("hang", LODESTONE_CONFIG_DURATION, "1h", "How long a hang lasts."),
        lodestone::optionalKey("work", LODESTONE_CONFIG_DURATION, "0s",
                               "How long each attempt takes (cancellable)."),
        lodestone::optionalKey("empty_times", LODESTONE_CONFIG_INTEGER, "0",
                               "Return an empty object on this many first attempts."),
        lodestone::optionalKey("usage_tokens", LODESTONE_CONFIG_INTEGER, "0",
                               "Content: report this many prompt tokens, and one more "
                               "completion token, in the output's usage (as content-openai)."),
    };

    explicit ScriptedPlugin(lodestone::Host) {}

    void configure(const std::string& configJson) {
        auto config = parseObject(configJson);
        stateDir_ = config->getValue<std::string>("state_dir");
        failTimes_ = config->getValue<int>("fail_times");
        rejectTimes_ = config->getValue<int>("reject_times");
        crashTimes_ = config->getValue<int>("crash_times");
        hangTimes_ = config->getValue<int>("hang_times");
        emptyTimes_ = config->getValue<int>("empty_times");
        usageTokens_ = config->getValue<int>("usage_tokens");
        hang_ = std::chrono::milliseconds(config->getValue<Poco::Int64>("hang"));
        work_ = std::chrono::milliseconds(config->getValue<Poco::Int64>("work"));
        if (!std::ofstream(stateDir_ + "/.writable")) {
            throw lodestone::ConfigError("state_dir " + stateDir_ + " is not writable");
        }
    }

    std::string run(lodestone::RunContext& context, const std::string& inputJson) const {
        auto input = parseObject(inputJson);
        // A webhook delivery is counted by its id, as a job is.
        const std::string jobId = input->has("jobId") ? input->getValue<std::string>("jobId")
                                                      : input->getValue<std::string>("deliveryId");
        const int attempt = nextAttempt(jobId);
        if (attempt <= crashTimes_) std::abort();
        if (attempt <= hangTimes_) std::this_thread::sleep_for(hang_);
        if (attempt <= rejectTimes_) {
            throw lodestone::InputError("scripted rejection " + std::to_string(attempt) + " of " +
                                        std::to_string(rejectTimes_));
        }
        if (attempt <= failTimes_) {
            throw std::runtime_error("scripted failure " + std::to_string(attempt) + " of " +
                                     std::to_string(failTimes_));
        }
        if (attempt <= emptyTimes_) return "{}";
        context.progress(50, "working");
        for (auto until = std::chrono::steady_clock::now() + work_;
             std::chrono::steady_clock::now() < until;) {
            context.throwIfCancelled();
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (kind == LODESTONE_PLUGIN_WEBHOOK) return deliver(context, *input);
        return output(*input);
    }

  private:
    // Counts this attempt in <state_dir>/<job>.<kind>.attempts and logs it; returns its number.
    int nextAttempt(const std::string& jobId) const {
        std::lock_guard lock(mutex_);
        const std::string file = stateDir_ + "/" + jobId + "." + kindName() + ".attempts";
        int count = 0;
        std::ifstream(file) >> count;
        std::ofstream(file, std::ios::trunc) << ++count << std::flush;
        std::ofstream(stateDir_ + "/invocations.log", std::ios::app)
            << jobId << " " << kindName() << "\n"
            << std::flush;
        return count;
    }

    static std::string kindName() {
        switch (kind) {
            case LODESTONE_PLUGIN_RESEARCH:
                return "research";
            case LODESTONE_PLUGIN_CONTENT:
                return "content";
            default:
                return "webhook";
        }
    }

    // Past its scripted misbehaviour a webhook attempt really goes out, through the host.
    static std::string deliver(lodestone::RunContext& context, const Poco::JSON::Object& input) {
        Poco::JSON::Object request;
        request.set("method", "POST");
        request.set("url", input.getValue<std::string>("url"));
        request.set("headers", input.getObject("headers"));
        request.set("body", input.getValue<std::string>("body"));
        std::ostringstream text;
        request.stringify(text);
        auto response = parseObject(context.httpRequest(text.str()));
        Poco::JSON::Object report;
        report.set("statusCode", response->getValue<int>("status"));
        std::ostringstream out;
        report.stringify(out);
        return out.str();
    }

    std::string output(const Poco::JSON::Object& input) const {
        auto lead = input.getObject("lead");
        std::string person =
            lead && lead->has("fullName") ? lead->getValue<std::string>("fullName") : "";
        std::string company =
            lead && lead->has("company") ? lead->getValue<std::string>("company") : "";
        Poco::JSON::Object out;
        if (kind == LODESTONE_PLUGIN_RESEARCH) {
            Poco::JSON::Object::Ptr who = new Poco::JSON::Object();
            who->set("fullName", person);
            Poco::JSON::Object::Ptr where = new Poco::JSON::Object();
            where->set("name", company);
            out.set("person", who);
            out.set("company", where);
        } else {
            out.set("title", "A guide for " + company);
            out.set("subtitle", "Prepared for " + person);
            Poco::JSON::Array::Ptr sections = new Poco::JSON::Array();
            Poco::JSON::Object::Ptr section = new Poco::JSON::Object();
            section->set("heading", "About " + company);
            section->set("body", person + " works at " + company + ".");
            sections->add(section);
            out.set("sections", sections);
            if (usageTokens_ > 0) {
                Poco::JSON::Object::Ptr usage = new Poco::JSON::Object();
                usage->set("promptTokens", usageTokens_);
                usage->set("completionTokens", usageTokens_ + 1);
                out.set("usage", usage);
            }
        }
        std::ostringstream text;
        out.stringify(text);
        return text.str();
    }

    std::string stateDir_;
    int failTimes_ = 0, rejectTimes_ = 0, crashTimes_ = 0, hangTimes_ = 0, emptyTimes_ = 0;
    int usageTokens_ = 0;
    std::chrono::milliseconds hang_{0}, work_{0};
    mutable std::mutex mutex_;
};

}  // namespace

LODESTONE_PLUGIN(ScriptedPlugin);
