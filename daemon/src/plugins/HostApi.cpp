#include "plugins/HostApi.hpp"

#include <Poco/Message.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>

#include "plugins/AbiNames.hpp"

namespace lodestone::plugins {
namespace {

Poco::Message::Priority priorityOf(int level) {
    switch (level) {
        case LODESTONE_LOG_TRACE:
            return Poco::Message::PRIO_TRACE;
        case LODESTONE_LOG_DEBUG:
            return Poco::Message::PRIO_DEBUG;
        case LODESTONE_LOG_INFO:
            return Poco::Message::PRIO_INFORMATION;
        case LODESTONE_LOG_WARNING:
            return Poco::Message::PRIO_WARNING;
        case LODESTONE_LOG_ERROR:
            return Poco::Message::PRIO_ERROR;
    }
    // A level from a newer ABI minor is still worth seeing.
    return Poco::Message::PRIO_INFORMATION;
}

void hostLog(void* instanceHandle, lodestone_log_level level, const char* message) noexcept {
    if (instanceHandle == nullptr || message == nullptr) return;
    try {
        auto& logger = static_cast<const InstanceHandle*>(instanceHandle)->logger();
        const auto priority = priorityOf(rawEnum(level));
        if (logger.is(priority)) logger.log(Poco::Message(logger.name(), message, priority));
    } catch (...) {
        // A failing log channel must not take the plugin (or the C boundary) down with it.
    }
}

void hostReportProgress(lodestone_run_context* context, int percent, const char* note) noexcept {
    if (context == nullptr || context->control == nullptr) return;
    try {
        if (!context->control->reportProgress(percent, note != nullptr ? note : "")) {
            context->instance->logger().warning("progress callback failed; progress dropped");
        }
    } catch (...) {
    }
}

int hostIsCancelled(lodestone_run_context* context) noexcept {
    return context != nullptr && context->control != nullptr && context->control->cancelled();
}

int64_t hostDeadlineMs(lodestone_run_context* context) noexcept {
    if (context == nullptr || context->control == nullptr) return RunControl::kNoDeadline;
    return context->control->deadlineMs();
}

void copyError(const char* message, char* error, std::size_t capacity) noexcept {
    if (error == nullptr || capacity == 0) return;
    const std::size_t length = std::min(std::strlen(message), capacity - 1);
    std::memcpy(error, message, length);
    error[length] = '\0';
}

lodestone_status hostHttpRequest(lodestone_run_context* context, const char* requestJson,
                                 std::size_t requestLength, lodestone_output* response, char* error,
                                 std::size_t errorCapacity) noexcept {
    if (context == nullptr || context->control == nullptr || response == nullptr ||
        (requestJson == nullptr && requestLength > 0)) {
        copyError("http_request: missing run context, request or response buffer", error,
                  errorCapacity);
        return LODESTONE_ERROR_INVALID_INPUT;
    }
    const HttpGateway* gateway = context->control->http();
    if (gateway == nullptr) {
        copyError("outbound HTTP is not available to this plugin's runs", error, errorCapacity);
        return LODESTONE_ERROR_FAILED;
    }
    try {
        const std::string result =
            gateway->request(*context->control,
                             std::string(requestJson != nullptr ? requestJson : "", requestLength));
        response->append(response, result.data(), result.size());
        return LODESTONE_OK;
    } catch (const HttpRequestInvalid& e) {
        copyError(e.what(), error, errorCapacity);
        return LODESTONE_ERROR_INVALID_INPUT;
    } catch (const std::exception& e) {
        copyError(e.what(), error, errorCapacity);
        return context->control->cancelled() ? LODESTONE_ERROR_CANCELLED : LODESTONE_ERROR_FAILED;
    } catch (...) {
        copyError("http_request failed", error, errorCapacity);
        return LODESTONE_ERROR_FAILED;
    }
}

std::size_t hostVocabularyPath(void* instanceHandle, char* buffer, std::size_t capacity) noexcept {
    try {
        if (instanceHandle == nullptr) return 0;
        const std::string& path =
            static_cast<const InstanceHandle*>(instanceHandle)->vocabularyPath();
        if (buffer != nullptr && capacity > 0) {
            const std::size_t copied = std::min(path.size(), capacity - 1);
            std::memcpy(buffer, path.data(), copied);
            buffer[copied] = '\0';
        }
        return path.size();
    } catch (...) {
        return 0;
    }
}

constexpr lodestone_host_api kHostApi{
    LODESTONE_ABI_MAJOR,
    LODESTONE_ABI_MINOR,
    sizeof(lodestone_host_api),
    &hostLog,
    &hostReportProgress,
    &hostIsCancelled,
    &hostDeadlineMs,
    &hostHttpRequest,
    &hostVocabularyPath,
};

}  // namespace

InstanceHandle::InstanceHandle(const std::string& instanceName, std::string vocabularyPath)
    : name_(instanceName),
      logger_(Poco::Logger::get("plugin." + instanceName)),
      vocabularyPath_(std::move(vocabularyPath)) {}

const lodestone_host_api& hostApi() noexcept {
    return kHostApi;
}

OutputBuffer::OutputBuffer(std::size_t cap) : abi_{this, &OutputBuffer::append}, cap_(cap) {}

bool OutputBuffer::overflowed() const {
    std::lock_guard lock(mutex_);
    return overflowed_;
}

std::string OutputBuffer::take() {
    std::lock_guard lock(mutex_);
    return std::move(text_);
}

void OutputBuffer::append(lodestone_output* output, const char* data, std::size_t length) noexcept {
    if (output == nullptr || output->host_data == nullptr || (data == nullptr && length > 0)) {
        return;
    }
    auto* self = static_cast<OutputBuffer*>(output->host_data);
    std::lock_guard lock(self->mutex_);
    if (self->overflowed_) return;
    if (length > self->cap_ - self->text_.size()) {
        self->overflowed_ = true;
        return;
    }
    try {
        self->text_.append(data, length);
    } catch (...) {
        self->overflowed_ = true;
    }
}

}  // namespace lodestone::plugins
