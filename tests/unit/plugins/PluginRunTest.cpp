// Running a loaded plugin: output checks, failures, cancellation, deadlines, progress, logging
// and concurrent runs, all through a real dlopen'ed library.
#include <Poco/AutoPtr.h>
#include <Poco/Channel.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Message.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>

#include "plugins/PluginError.hpp"
#include "unit/plugins/PluginTestSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;
using ::testing::StartsWith;
using namespace testing;

Poco::JSON::Object::Ptr parseObject(const std::string& text) {
    Poco::JSON::Parser parser;
    return parser.parse(text).extract<Poco::JSON::Object::Ptr>();
}

class PluginRun : public ::testing::Test {
  protected:
    // Made directly rather than through a config, so tests can pick the instance name.
    static std::shared_ptr<PluginInstance> makeEcho(const std::string& name = "echo") {
        auto instance = std::make_shared<PluginInstance>(PluginLibrary::open(kEchoPlugin), name);
        instance->configure(R"({"greeting":"hi","repeat":2,"pause":5000,"loud":false})");
        return instance;
    }

    // The PluginError a run of `input` must throw.
    PluginError failure(const std::string& input) {
        RunControl control;
        try {
            echo_->run(control, input);
        } catch (const PluginError& e) {
            return e;
        }
        ADD_FAILURE() << "expected a PluginError for " << input;
        return PluginError("echo", LODESTONE_OK, "");
    }

    std::shared_ptr<PluginInstance> echo_ = makeEcho();
};

TEST_F(PluginRun, ReturnsThePluginsJsonObject) {
    RunControl control;
    auto output = parseObject(
        echo_->run(control, R"({"email":"ada@example.com","fullName":"Ada Lovelace"})"));
    EXPECT_EQ(output->getValue<std::string>("plugin"), "echo");
    EXPECT_EQ(output->getValue<std::string>("greeting"), "hi hi");
    EXPECT_EQ(output->getObject("input")->getValue<std::string>("email"), "ada@example.com");
    EXPECT_EQ(output->getValue<std::int64_t>("deadline"), RunControl::kNoDeadline);
}

TEST_F(PluginRun, GivesThePluginTheDeadline) {
    const std::int64_t deadline = RunControl::deadlineIn(std::chrono::hours(1));
    RunControl control(deadline);
    EXPECT_EQ(parseObject(echo_->run(control, "{}"))->getValue<std::int64_t>("deadline"), deadline);
}

TEST_F(PluginRun, ReportsProgressToTheCallback) {
    std::vector<std::pair<int, std::string>> reports;
    RunControl control(RunControl::kNoDeadline, [&](int percent, const std::string& note) {
        reports.emplace_back(percent, note);
    });
    echo_->run(control, "{}");
    EXPECT_THAT(reports, ElementsAre(Pair(0, "starting"), Pair(50, "echoing"), Pair(100, "done")));
}

TEST_F(PluginRun, SurvivesAThrowingProgressCallback) {
    RunControl control(RunControl::kNoDeadline,
                       [](int, const std::string&) { throw std::runtime_error("full disk"); });
    EXPECT_NO_THROW(echo_->run(control, "{}"));
}

TEST_F(PluginRun, TurnsAnExceptionInThePluginIntoAPluginError) {
    PluginError error = failure(R"({"mode":"throw"})");
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_EQ(error.plugin(), "echo");
    EXPECT_EQ(error.message(), "boom");
    EXPECT_STREQ(error.what(), "plugin \"echo\" failed: boom");
}

TEST_F(PluginRun, TurnsANonStandardExceptionIntoAPluginError) {
    EXPECT_EQ(failure(R"({"mode":"throw-unknown"})").message(), "unknown exception");
}

TEST_F(PluginRun, ReportsRefusedInput) {
    PluginError error = failure(R"({"mode":"input-error"})");
    EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT);
    EXPECT_STREQ(error.what(), "plugin \"echo\" rejected its input: mode input-error is refused");
    EXPECT_EQ(failure("not json at all").status(), LODESTONE_ERROR_INVALID_INPUT);
}

TEST_F(PluginRun, RefusesOutputThatIsNotAJsonObject) {
    PluginError error = failure(R"({"mode":"invalid-json"})");
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_THAT(error.what(), StartsWith("plugin \"echo\" returned invalid JSON: "));
    EXPECT_THAT(error.what(), HasSubstr("\"not json\""));
    EXPECT_STREQ(failure(R"({"mode":"empty"})").what(),
                 "plugin \"echo\" returned invalid JSON: the output is empty");
    EXPECT_STREQ(failure(R"({"mode":"array"})").what(),
                 "plugin \"echo\" returned invalid JSON: expected an object, got \"[1, 2]\"");
}

TEST_F(PluginRun, TruncatesALongMessageOnACharacterBoundary) {
    const std::string message = failure(R"({"mode":"long-error"})").message();
    EXPECT_GT(message.size(), 4000u);
    EXPECT_LT(message.size(), 4096u);
    ASSERT_EQ(message.size() % 2, 0u) << "a two-byte character was split";
    for (std::size_t i = 0; i < message.size(); i += 2) {
        ASSERT_EQ(message.substr(i, 2), "\xC3\xA9") << "at byte " << i;
    }
}

TEST_F(PluginRun, RefusesOutputBeyondTheCap) {
    echo_->setOutputCap(1000);
    PluginError error = failure(R"({"mode":"huge","bytes":2000})");
    EXPECT_EQ(error.status(), LODESTONE_ERROR_FAILED);
    EXPECT_STREQ(error.what(),
                 "plugin \"echo\" produced more than 1000 bytes of output; the output was "
                 "dropped");
    RunControl control;
    EXPECT_NO_THROW(echo_->run(control, R"({"mode":"huge","bytes":900})"));
}

TEST_F(PluginRun, StopsWhenCancelledFromAnotherThread) {
    std::promise<void> waiting;
    RunControl control(RunControl::kNoDeadline, [&](int percent, const std::string&) {
        if (percent == 10) waiting.set_value();
    });
    auto run = std::async(std::launch::async,
                          [&] { return echo_->run(control, R"({"mode":"wait-for-cancel"})"); });
    waiting.get_future().wait();
    EXPECT_EQ(run.wait_for(std::chrono::milliseconds(20)), std::future_status::timeout);
    control.cancel();
    try {
        run.get();
        FAIL() << "expected the run to be cancelled";
    } catch (const PluginError& e) {
        EXPECT_EQ(e.status(), LODESTONE_ERROR_CANCELLED);
        EXPECT_EQ(e.message(), "stopped waiting: the host cancelled the run");
    }
}

TEST_F(PluginRun, CountsAPassedDeadlineAsCancelled) {
    // The plugin waits for the host to cancel; nobody calls cancel(), so only the deadline (the
    // plugin ABI's epoch milliseconds, not a clock a test could turn) can end the wait.
    bool waiting = false;
    RunControl control(
        RunControl::deadlineIn(std::chrono::milliseconds(30)),
        [&](int percent, const std::string&) { waiting = waiting || percent == 10; });
    try {
        echo_->run(control, R"({"mode":"wait-for-cancel"})");
        FAIL() << "expected the run to be cancelled";
    } catch (const PluginError& e) {
        EXPECT_EQ(e.status(), LODESTONE_ERROR_CANCELLED);
        EXPECT_EQ(e.message(), "stopped waiting: the host cancelled the run");
    }
    EXPECT_TRUE(waiting) << "the plugin was waiting before the deadline ended it";
    EXPECT_TRUE(control.cancelled()) << "the deadline had passed when the run ended";
}

TEST_F(PluginRun, RunsConcurrentlyOnOneInstance) {
    std::vector<std::thread> threads;
    std::atomic<int> good{0};
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 50; ++i) {
                RunControl control;
                const std::string id = std::to_string(t) + "-" + std::to_string(i);
                auto output = parseObject(echo_->run(control, "{\"id\":\"" + id + "\"}"));
                if (output->getObject("input")->getValue<std::string>("id") == id) ++good;
            }
        });
    }
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(good.load(), 400);
}

class CollectingChannel : public Poco::Channel {
  public:
    void log(const Poco::Message& message) override {
        std::lock_guard lock(mutex_);
        messages_.push_back(message.getSource() + "|" + std::to_string(message.getPriority()) +
                            "|" + message.getText());
    }
    std::vector<std::string> messages() const {
        std::lock_guard lock(mutex_);
        return messages_;
    }

  private:
    mutable std::mutex mutex_;
    std::vector<std::string> messages_;
};

TEST_F(PluginRun, LogsUnderThePluginInstancesName) {
    Poco::AutoPtr<CollectingChannel> channel(new CollectingChannel);
    Poco::Logger& logger = Poco::Logger::get("plugin.log-test");
    logger.setChannel(channel);
    logger.setLevel(Poco::Message::PRIO_TRACE);
    auto instance = makeEcho("log-test");
    RunControl control;
    instance->run(control, R"({"mode":"log"})");
    logger.setChannel(nullptr);
    EXPECT_THAT(channel->messages(),
                ElementsAre("plugin.log-test|7|configured", "plugin.log-test|6|hello from echo",
                            "plugin.log-test|4|careful"));
}

TEST(PluginInstance, RefusesToRunBeforeItIsConfigured) {
    PluginInstance instance(PluginLibrary::open(kEchoPlugin), "echo");
    RunControl control;
    EXPECT_THROW(instance.run(control, "{}"), std::logic_error);
}

TEST(PluginInstance, ReportsARejectedConfigAsAPluginError) {
    PluginInstance instance(PluginLibrary::open(kEchoPlugin), "echo");
    try {
        instance.configure(R"({"greeting":"hi","repeat":-1,"loud":false})");
        FAIL() << "expected a PluginError";
    } catch (const PluginError& e) {
        EXPECT_EQ(e.status(), LODESTONE_ERROR_INVALID_CONFIG);
        EXPECT_EQ(e.message(), "repeat must not be negative, got -1");
    }
}

}  // namespace
}  // namespace lodestone::plugins
