// Lodestone plugin SDK: a header-only C++ layer over plugin_abi.h.
//
// A plugin is one class plus one macro:
//
//     class Echo {
//     public:
//         static constexpr const char* name = "echo";
//         static constexpr lodestone_plugin_kind kind = LODESTONE_PLUGIN_RESEARCH;
//         static constexpr const char* version = "1.0.0";
//         static constexpr const char* description = "Returns its input.";
//         static constexpr lodestone_config_key configKeys[] = {
//             lodestone::requiredKey("greeting", LODESTONE_CONFIG_STRING, "How to say hello."),
//             lodestone::optionalKey("retries", LODESTONE_CONFIG_INTEGER, "3", "Attempts.",
//                                    {"1", "10"}),
//         };
//
//         explicit Echo(lodestone::Host host);
//         void configure(const std::string& configJson);  // throw lodestone::ConfigError
//         std::string run(lodestone::RunContext& context, const std::string& inputJson);
//     };
//     LODESTONE_PLUGIN(Echo);
//
// `configKeys` may be left out by a plugin that takes no config. The host has already checked
// every value against its declared type and range and filled in defaults before configure() is
// called, so configure() reads each key as it is (getValue, not optValue with a default of its
// own) and rejects only what the table cannot say (an unknown model, a file that is missing).
//
// Threading: configure() is called once, before any run(). run() is then called on worker
// threads, possibly on several at once for one instance, so it must not mutate shared state
// without synchronisation (keeping run() const is the easy way).
//
// Errors: throw lodestone::ConfigError from configure(), lodestone::InputError when the input
// cannot be processed, lodestone::Cancelled when RunContext::cancelled() turned true. Any other
// std::exception fails the run with its what() (may succeed on retry). No exception ever crosses
// the C boundary; messages are truncated to the host's buffer on a UTF-8 character boundary.
// Note that Poco::Exception::what() is only the class name: catch it and rethrow with
// displayText() if the details matter.
#pragma once

#include <lodestone/plugin_abi.h>

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace lodestone {

// The bounds of an integer, number or duration key, written as in YAML ("0", "0.5", "100ms");
// nullptr: none on that side.
struct Range {
    const char* minimum = nullptr;
    const char* maximum = nullptr;
};

// Describes one accepted key; `defaultValue` is written as in YAML ("30s", "10", "[a, b]").
constexpr lodestone_config_key optionalKey(const char* name, lodestone_config_type type,
                                           const char* defaultValue, const char* description,
                                           Range range = {}) {
    return lodestone_config_key{name,        type,          defaultValue, 0,
                                description, range.minimum, range.maximum};
}

constexpr lodestone_config_key requiredKey(const char* name, lodestone_config_type type,
                                           const char* description, Range range = {}) {
    return lodestone_config_key{name, type, nullptr, 1, description, range.minimum, range.maximum};
}

// An exception that maps to a specific lodestone_status.
class StatusError : public std::runtime_error {
  public:
    StatusError(lodestone_status status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    lodestone_status status() const noexcept { return status_; }

  private:
    lodestone_status status_;
};

// configure(): the config is wrong in a way the host's type checks cannot see.
class ConfigError : public StatusError {
  public:
    explicit ConfigError(const std::string& message)
        : StatusError(LODESTONE_ERROR_INVALID_CONFIG, message) {}
};

// run(): this input cannot be processed; retrying will not help.
class InputError : public StatusError {
  public:
    explicit InputError(const std::string& message)
        : StatusError(LODESTONE_ERROR_INVALID_INPUT, message) {}
};

// run(): stopped because the host cancelled the run or its deadline passed.
class Cancelled : public StatusError {
  public:
    explicit Cancelled(const std::string& message = "cancelled")
        : StatusError(LODESTONE_ERROR_CANCELLED, message) {}
};

// The host's services for one plugin instance. Cheap to copy; valid while the instance lives.
class Host {
  public:
    Host(const lodestone_host_api* api, void* instanceHandle) noexcept
        : api_(api), handle_(instanceHandle) {}

    // Logged under the instance's name ("plugin.<name>"); never log secrets.
    void log(lodestone_log_level level, std::string_view message) const {
        if (api_ == nullptr || api_->log == nullptr) return;
        std::string text(message);  // the ABI wants a NUL-terminated string
        api_->log(handle_, level, text.c_str());
    }
    void trace(std::string_view message) const { log(LODESTONE_LOG_TRACE, message); }
    void debug(std::string_view message) const { log(LODESTONE_LOG_DEBUG, message); }
    void info(std::string_view message) const { log(LODESTONE_LOG_INFO, message); }
    void warning(std::string_view message) const { log(LODESTONE_LOG_WARNING, message); }
    void error(std::string_view message) const { log(LODESTONE_LOG_ERROR, message); }

    const lodestone_host_api* api() const noexcept { return api_; }

    // The host's ABI minor version (0 without a host): what it understands beyond 1.0, such as
    // http_request's connectTo, timeoutMs, maxResponseBytes and bodyEncoding from 1.2 on.
    std::uint32_t abiMinor() const noexcept { return api_ != nullptr ? api_->abi_minor : 0; }

    // The vocabulary file's path (vocabulary_path in plugin_abi.h); empty when the host predates
    // ABI 1.4, whose plugins keep the words they were built with.
    std::string vocabularyPath() const {
        if (api_ == nullptr ||
            api_->struct_size <
                offsetof(lodestone_host_api, vocabulary_path) + sizeof(api_->vocabulary_path) ||
            api_->vocabulary_path == nullptr) {
            return "";
        }
        std::string path(256, '\0');
        std::size_t length = api_->vocabulary_path(handle_, path.data(), path.size());
        if (length >= path.size()) {
            path.assign(length + 1, '\0');
            length = api_->vocabulary_path(handle_, path.data(), path.size());
        }
        path.resize(std::min(length, path.size() - 1));
        return path;
    }

  private:
    const lodestone_host_api* api_;
    void* handle_;
};

// One call of run(): progress, cancellation and the deadline. Valid only during that call,
// though threads the plugin starts may use it until run() returns.
class RunContext {
  public:
    RunContext(const lodestone_host_api* api, lodestone_run_context* context) noexcept
        : api_(api), context_(context) {}

    // 0-100, with a short human-readable note.
    void progress(int percent, std::string_view note = {}) const {
        if (api_ == nullptr || api_->report_progress == nullptr) return;
        std::string text(note);
        api_->report_progress(context_, percent, text.c_str());
    }

    // True once the host has given up on this run (timeout, shutdown). Check between units of
    // work; throwIfCancelled() is the usual way to stop.
    bool cancelled() const {
        return api_ != nullptr && api_->is_cancelled != nullptr &&
               api_->is_cancelled(context_) != 0;
    }
    void throwIfCancelled() const {
        if (cancelled()) throw Cancelled();
    }

    // When the host stops waiting, in epoch milliseconds (INT64_MAX: no deadline).
    std::int64_t deadline() const {
        if (api_ == nullptr || api_->deadline_ms == nullptr) return INT64_MAX;
        return api_->deadline_ms(context_);
    }

    // One outbound HTTP request through the host's client and its safety rules; see
    // http_request in plugin_abi.h for the request and response JSON (its connectTo, timeoutMs,
    // maxResponseBytes and bodyEncoding only when Host::abiMinor() is 2 or more). Throws InputError
    // for a request the host rejects as malformed, Cancelled once the run was cancelled, and
    // std::runtime_error with the host's reason when no response came (refused address, DNS,
    // connect, TLS, timeout) or when the host predates ABI 1.1.
    std::string httpRequest(const std::string& requestJson) const {
        if (api_ == nullptr ||
            api_->struct_size <
                offsetof(lodestone_host_api, http_request) + sizeof(api_->http_request) ||
            api_->http_request == nullptr) {
            throw std::runtime_error(
                "this lodestoned has no outbound HTTP for plugins (ABI < 1.1)");
        }
        std::string response;
        // The host calls this from its side of the boundary, so nothing may escape it; a
        // response too large for memory arrives truncated and fails to parse as JSON.
        lodestone_output output{
            &response, [](lodestone_output* self, const char* data, std::size_t length) {
                try {
                    static_cast<std::string*>(self->host_data)->append(data, length);
                } catch (...) {
                }
            }};
        char error[1024] = {0};
        const lodestone_status status = api_->http_request(
            context_, requestJson.data(), requestJson.size(), &output, error, sizeof error);
        switch (status) {
            case LODESTONE_OK:
                return response;
            case LODESTONE_ERROR_INVALID_INPUT:
                throw InputError(error);
            case LODESTONE_ERROR_CANCELLED:
                throw Cancelled(error);
            default:
                throw std::runtime_error(error);
        }
    }

    // Time left before the deadline (zero once it has passed); handy for I/O timeouts.
    std::chrono::milliseconds remaining() const {
        // The plugin's own reading: the deadline is epoch ms, whoever's clock set it.
        using namespace std::chrono;
        const std::int64_t now =
            duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
        const std::int64_t end = deadline();
        return milliseconds(end > now ? end - now : 0);
    }

  private:
    const lodestone_host_api* api_;
    lodestone_run_context* context_;
};

// What LODESTONE_PLUGIN needs of a plugin class; a class that misses something gets an error
// naming this concept instead of pages of template noise.
template <typename T>
concept PluginClass = std::constructible_from<T, Host> &&
    requires(T& plugin, RunContext& context, const std::string& text) {
    { T::name } -> std::convertible_to<const char*>;
    { T::kind } -> std::convertible_to<lodestone_plugin_kind>;
    { T::version } -> std::convertible_to<const char*>;
    { T::description } -> std::convertible_to<const char*>;
    plugin.configure(text);
    { plugin.run(context, text) } -> std::convertible_to<std::string>;
};

namespace detail {

// Copies `message` into the host's buffer: always NUL-terminated, never past `capacity`, and
// cut before a UTF-8 continuation byte so the host never sees half a character.
inline void copyMessage(std::string_view message, char* buffer, std::size_t capacity) noexcept {
    if (buffer == nullptr || capacity == 0) return;
    std::size_t length = message.size() < capacity - 1 ? message.size() : capacity - 1;
    if (length < message.size()) {
        while (length > 0 && (static_cast<unsigned char>(message[length]) & 0xC0) == 0x80) {
            --length;
        }
    }
    std::memcpy(buffer, message.data(), length);
    buffer[length] = '\0';
}

// Runs `work` and turns whatever it throws into a status plus a message.
template <typename Work>
lodestone_status guarded(char* error, std::size_t capacity, Work&& work) noexcept {
    try {
        work();
        return LODESTONE_OK;
    } catch (const StatusError& e) {
        copyMessage(e.what(), error, capacity);
        return e.status();
    } catch (const std::exception& e) {
        const std::string_view what = e.what();
        copyMessage(what.empty() ? std::string_view("unnamed exception") : what, error, capacity);
        return LODESTONE_ERROR_FAILED;
    } catch (...) {
        copyMessage("unknown exception", error, capacity);
        return LODESTONE_ERROR_FAILED;
    }
}

template <typename T>
constexpr std::size_t configKeyCount() {
    if constexpr (requires { std::size(T::configKeys); }) {
        return std::size(T::configKeys);
    } else {
        return 0;
    }
}

template <typename T>
constexpr const lodestone_config_key* configKeyTable() {
    if constexpr (requires { std::size(T::configKeys); }) {
        return T::configKeys;
    } else {
        return nullptr;
    }
}

template <typename T>
constexpr bool declaresRanges() {
    for (std::size_t i = 0; i < configKeyCount<T>(); ++i) {
        const lodestone_config_key& key = configKeyTable<T>()[i];
        if (key.minimum != nullptr || key.maximum != nullptr) return true;
    }
    return false;
}

// Turns a PluginClass into the C callbacks and the static descriptor.
template <PluginClass T>
struct Adapter {
    // RunContext needs the API table, which the C run() callback does not receive.
    struct Instance {
        Instance(const lodestone_host_api* hostApi, void* handle)
            : api(hostApi), plugin(Host(hostApi, handle)) {}
        const lodestone_host_api* api;
        T plugin;
    };

    static void* create(const lodestone_host_api* host, void* handle, char* error,
                        std::size_t capacity) noexcept {
        Instance* instance = nullptr;
        guarded(error, capacity, [&] { instance = new Instance(host, handle); });
        return instance;
    }

    static lodestone_status configure(void* instance, const char* configJson, char* error,
                                      std::size_t capacity) noexcept {
        return guarded(error, capacity, [&] {
            auto* self = static_cast<Instance*>(instance);
            // A host before 1.3 reads no ranges: it would pass on values nobody checked.
            if (const auto minor = Host(self->api, nullptr).abiMinor();
                declaresRanges<T>() && minor < 3) {
                throw ConfigError(std::string(T::name) +
                                  " needs a lodestoned with plugin ABI 1.3 or later, which checks "
                                  "the ranges of its config; this one speaks 1." +
                                  std::to_string(minor));
            }
            self->plugin.configure(std::string(configJson != nullptr ? configJson : "{}"));
        });
    }

    static lodestone_status run(void* instance, lodestone_run_context* context,
                                const char* inputJson, std::size_t inputLength,
                                lodestone_output* output, char* error,
                                std::size_t capacity) noexcept {
        return guarded(error, capacity, [&] {
            auto* self = static_cast<Instance*>(instance);
            RunContext runContext(self->api, context);
            std::string input = inputJson != nullptr ? std::string(inputJson, inputLength) : "";
            std::string result = self->plugin.run(runContext, input);
            output->append(output, result.data(), result.size());
        });
    }

    static void destroy(void* instance) noexcept {
        // A throwing destructor would terminate here, inside the plugin, not in the host.
        delete static_cast<Instance*>(instance);
    }

    static constexpr lodestone_plugin_descriptor descriptor{
        LODESTONE_ABI_MAJOR,
        LODESTONE_ABI_MINOR,
        sizeof(lodestone_plugin_descriptor),
        T::name,
        T::kind,
        T::version,
        T::description,
        configKeyTable<T>(),
        configKeyCount<T>(),
        &create,
        &configure,
        &run,
        &destroy,
        sizeof(lodestone_config_key),
    };
};

}  // namespace detail
}  // namespace lodestone

// Exports the library's entry point for PluginClass. Use once per library, at global scope,
// followed by a semicolon. The descriptor is returned whatever the host's version: the host
// decides compatibility.
#define LODESTONE_PLUGIN(PluginClass)                                                             \
    extern "C" LODESTONE_PLUGIN_EXPORT const lodestone_plugin_descriptor* lodestone_plugin_entry( \
        const lodestone_host_api*, uint32_t, uint32_t) {                                          \
        return &::lodestone::detail::Adapter<PluginClass>::descriptor;                            \
    }                                                                                             \
    static_assert(std::is_same_v<decltype(&lodestone_plugin_entry), lodestone_plugin_entry_fn>,   \
                  "lodestone_plugin_entry must match lodestone_plugin_entry_fn")
