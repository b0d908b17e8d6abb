// plugin.hpp, in-process: the adapter's C callbacks driven directly, without dlopen.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <lodestone/plugin.hpp>
#include <string>

#include "plugins/HostApi.hpp"

namespace {

using ::testing::HasSubstr;

std::string copied(std::string_view message, std::size_t capacity) {
    std::string buffer(capacity + 1, '#');  // one guard byte past the capacity
    lodestone::detail::copyMessage(message, buffer.data(), capacity);
    EXPECT_EQ(buffer.back(), '#') << "wrote past the capacity";
    return std::string(buffer.c_str());
}

TEST(CopyMessage, CopiesWhatFits) {
    EXPECT_EQ(copied("boom", 16), "boom");
    EXPECT_EQ(copied("boom", 5), "boom");
}

TEST(CopyMessage, TruncatesAndTerminates) {
    EXPECT_EQ(copied("boom", 4), "boo");
    EXPECT_EQ(copied("boom", 1), "");
}

TEST(CopyMessage, LeavesAZeroCapacityBufferAlone) {
    char buffer[2] = {'#', '#'};
    lodestone::detail::copyMessage("boom", buffer, 0);
    EXPECT_EQ(buffer[0], '#');
    lodestone::detail::copyMessage("boom", nullptr, 10);  // must not crash
}

TEST(CopyMessage, NeverSplitsAUtf8Character) {
    EXPECT_EQ(copied("a\xC3\xA9", 3), "a");          // "aé": é would be cut in half
    EXPECT_EQ(copied("a\xC3\xA9", 4), "a\xC3\xA9");  // fits exactly
    EXPECT_EQ(copied("\xF0\x9F\x98\x80!", 4), "");   // a 4-byte emoji, 3 bytes of room
    EXPECT_EQ(copied("ab\xF0\x9F\x98\x80", 7), "ab\xF0\x9F\x98\x80");
}

lodestone_status statusOf(auto&& work, std::string& message) {
    char buffer[64] = {};
    auto status = lodestone::detail::guarded(buffer, sizeof(buffer), work);
    message = buffer;
    return status;
}

TEST(Guarded, MapsExceptionsToStatuses) {
    std::string message;
    EXPECT_EQ(statusOf([] {}, message), LODESTONE_OK);
    EXPECT_EQ(statusOf([] { throw lodestone::ConfigError("bad key"); }, message),
              LODESTONE_ERROR_INVALID_CONFIG);
    EXPECT_EQ(message, "bad key");
    EXPECT_EQ(statusOf([] { throw lodestone::InputError("bad lead"); }, message),
              LODESTONE_ERROR_INVALID_INPUT);
    EXPECT_EQ(message, "bad lead");
    EXPECT_EQ(statusOf([] { throw lodestone::Cancelled(); }, message), LODESTONE_ERROR_CANCELLED);
    EXPECT_EQ(message, "cancelled");
    EXPECT_EQ(statusOf([] { throw std::runtime_error("boom"); }, message), LODESTONE_ERROR_FAILED);
    EXPECT_EQ(message, "boom");
    EXPECT_EQ(statusOf([] { throw 42; }, message), LODESTONE_ERROR_FAILED);
    EXPECT_EQ(message, "unknown exception");
}

// A plugin class as an author writes it, with no config keys.
class Minimal {
  public:
    static constexpr const char* name = "minimal";
    static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_CONTENT;
    static constexpr const char* version = "0.1.0";
    static constexpr const char* description = "Upper-cases nothing.";

    explicit Minimal(lodestone::Host host) : host_(host) {}
    void configure(const std::string& configJson) {
        if (configJson == "{\"fail\":true}") throw lodestone::ConfigError("fail is set");
        host_.info("configured");
    }
    std::string run(lodestone::RunContext& context, const std::string& input) const {
        context.progress(100, "done");
        if (input == "cancel-check") context.throwIfCancelled();
        return "{\"echo\":" + input + "}";
    }

  private:
    lodestone::Host host_;
};

class Throwing : public Minimal {
  public:
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::requiredKey("token", LODESTONE_CONFIG_STRING, "A secret."),
        lodestone::optionalKey("timeout", LODESTONE_CONFIG_DURATION, "30s", "Per request.",
                               {"1s", "1m"}),
    };
    explicit Throwing(lodestone::Host host) : Minimal(host) {
        throw std::runtime_error("no instance today");
    }
};

using MinimalAdapter = lodestone::detail::Adapter<Minimal>;

TEST(Adapter, FillsTheDescriptor) {
    const auto& d = MinimalAdapter::descriptor;
    EXPECT_EQ(d.abi_major, LODESTONE_ABI_MAJOR);
    EXPECT_EQ(d.abi_minor, LODESTONE_ABI_MINOR);
    EXPECT_EQ(d.struct_size, sizeof(lodestone_plugin_descriptor));
    EXPECT_STREQ(d.name, "minimal");
    EXPECT_EQ(d.kind, LODESTONE_PLUGIN_CONTENT);
    EXPECT_STREQ(d.version, "0.1.0");
    EXPECT_EQ(d.config_keys, nullptr);
    EXPECT_EQ(d.config_key_count, 0u);

    const auto& t = lodestone::detail::Adapter<Throwing>::descriptor;
    ASSERT_EQ(t.config_key_count, 2u);
    EXPECT_STREQ(t.config_keys[0].name, "token");
    EXPECT_EQ(t.config_keys[0].required, 1);
    EXPECT_STREQ(t.config_keys[1].default_value, "30s");
    EXPECT_EQ(t.config_keys[0].minimum, nullptr);
    EXPECT_STREQ(t.config_keys[1].minimum, "1s");
    EXPECT_STREQ(t.config_keys[1].maximum, "1m");
    EXPECT_EQ(t.config_key_size, sizeof(lodestone_config_key));
}

// Declaring ranges leaves them to the host, so a host too old to check them is refused.
class Ranged : public Minimal {
  public:
    static constexpr lodestone_config_key configKeys[] = {
        lodestone::optionalKey("count", LODESTONE_CONFIG_INTEGER, "1", "How many.", {"1", "9"}),
    };
    using Minimal::Minimal;
};

TEST(Adapter, RefusesToConfigureARangedPluginUnderAHostBeforeAbi13) {
    lodestone::plugins::InstanceHandle handle("sdk-test");
    lodestone_host_api older = lodestone::plugins::hostApi();
    older.abi_minor = 2;
    const auto& d = lodestone::detail::Adapter<Ranged>::descriptor;
    char error[160] = {};
    void* instance = d.create(&older, &handle, error, sizeof(error));
    ASSERT_NE(instance, nullptr) << error;
    EXPECT_EQ(d.configure(instance, "{\"count\":1}", error, sizeof(error)),
              LODESTONE_ERROR_INVALID_CONFIG);
    EXPECT_STREQ(error,
                 "minimal needs a lodestoned with plugin ABI 1.3 or later, which checks the "
                 "ranges of its config; this one speaks 1.2");
    d.destroy(instance);

    instance = d.create(&lodestone::plugins::hostApi(), &handle, error, sizeof(error));
    EXPECT_EQ(d.configure(instance, "{\"count\":1}", error, sizeof(error)), LODESTONE_OK);
    d.destroy(instance);
}

TEST(Adapter, RunsAPluginThroughTheCCallbacks) {
    lodestone::plugins::InstanceHandle handle("sdk-test");
    const auto& api = lodestone::plugins::hostApi();
    const auto& d = MinimalAdapter::descriptor;
    char error[128] = {};

    void* instance = d.create(&api, &handle, error, sizeof(error));
    ASSERT_NE(instance, nullptr) << error;
    EXPECT_EQ(d.configure(instance, "{\"fail\":true}", error, sizeof(error)),
              LODESTONE_ERROR_INVALID_CONFIG);
    EXPECT_STREQ(error, "fail is set");
    ASSERT_EQ(d.configure(instance, "{}", error, sizeof(error)), LODESTONE_OK);

    int lastPercent = -1;
    lodestone::plugins::RunControl control(
        lodestone::plugins::RunControl::kNoDeadline,
        [&](int percent, const std::string&) { lastPercent = percent; });
    lodestone_run_context context{&control, &handle};
    lodestone::plugins::OutputBuffer output;
    const std::string input = "[1,2]";
    ASSERT_EQ(
        d.run(instance, &context, input.c_str(), input.size(), output.abi(), error, sizeof(error)),
        LODESTONE_OK)
        << error;
    EXPECT_EQ(output.take(), "{\"echo\":[1,2]}");
    EXPECT_EQ(lastPercent, 100);

    control.cancel();
    lodestone::plugins::OutputBuffer ignored;
    EXPECT_EQ(d.run(instance, &context, "cancel-check", 12, ignored.abi(), error, sizeof(error)),
              LODESTONE_ERROR_CANCELLED);
    d.destroy(instance);
}

TEST(Adapter, ReportsAThrowingConstructorAsAFailedCreate) {
    lodestone::plugins::InstanceHandle handle("sdk-test");
    char error[128] = {};
    const auto& d = lodestone::detail::Adapter<Throwing>::descriptor;
    EXPECT_EQ(d.create(&lodestone::plugins::hostApi(), &handle, error, sizeof(error)), nullptr);
    EXPECT_THAT(error, HasSubstr("no instance today"));
}

// A plugin asks before sending what only a newer host understands (http_request's connectTo
// needs 1.2); an older host's table says its own minor, and no host says 0.
TEST(Host, TellsTheHostsAbiMinor) {
    lodestone::plugins::InstanceHandle handle("sdk-test");
    EXPECT_EQ(lodestone::Host(&lodestone::plugins::hostApi(), &handle).abiMinor(),
              LODESTONE_ABI_MINOR);
    lodestone_host_api older = lodestone::plugins::hostApi();
    older.abi_minor = 1;
    EXPECT_EQ(lodestone::Host(&older, &handle).abiMinor(), 1u);
    EXPECT_EQ(lodestone::Host(nullptr, nullptr).abiMinor(), 0u);
}

// ABI 1.4: the vocabulary file's path, the instance's own, whole however long, and nothing from
// a host whose table ends before the field.
TEST(Host, TellsTheVocabularyFilesPath) {
    const std::string path = "/etc/lodestone/" + std::string(300, 'v') + "/vocabulary.yaml";
    lodestone::plugins::InstanceHandle handle("sdk-test", path);
    lodestone::plugins::InstanceHandle builtIn("sdk-test-2");
    EXPECT_EQ(lodestone::Host(&lodestone::plugins::hostApi(), &handle).vocabularyPath(), path);
    EXPECT_EQ(lodestone::Host(&lodestone::plugins::hostApi(), &builtIn).vocabularyPath(), "");
    lodestone_host_api older = lodestone::plugins::hostApi();
    older.struct_size = offsetof(lodestone_host_api, vocabulary_path);
    EXPECT_EQ(lodestone::Host(&older, &handle).vocabularyPath(), "");
    EXPECT_EQ(lodestone::Host(nullptr, nullptr).vocabularyPath(), "");
}

TEST(OutputBuffer, DropsEverythingPastTheCap) {
    lodestone::plugins::OutputBuffer output(8);
    auto* abi = output.abi();
    abi->append(abi, "12345", 5);
    EXPECT_FALSE(output.overflowed());
    abi->append(abi, "6789", 4);
    EXPECT_TRUE(output.overflowed());
    abi->append(abi, "0", 1);  // ignored, even though it would fit
    EXPECT_EQ(output.take(), "12345");
}

}  // namespace
