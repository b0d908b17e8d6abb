#include "plugins/PluginError.hpp"

namespace lodestone::plugins {
namespace {

std::string describe(const std::string& plugin, lodestone_status status,
                     const std::string& message) {
    std::string what = "plugin \"" + plugin + "\" ";
    switch (status) {
        case LODESTONE_ERROR_INVALID_CONFIG:
            what += "rejected its config";
            break;
        case LODESTONE_ERROR_INVALID_INPUT:
            what += "rejected its input";
            break;
        case LODESTONE_ERROR_CANCELLED:
            what += "was cancelled";
            break;
        default:
            what += "failed";
            break;
    }
    return what + ": " + message;
}

std::string joinLines(const std::vector<std::string>& messages) {
    std::string joined;
    for (const auto& message : messages) joined += (joined.empty() ? "" : "\n") + message;
    return joined;
}

}  // namespace

PluginError::PluginError(std::string plugin, lodestone_status status, std::string message)
    : PluginError(plugin, status, message, describe(plugin, status, message)) {}

PluginError::PluginError(std::string plugin, lodestone_status status, std::string message,
                         const std::string& what)
    : std::runtime_error(what),
      plugin_(std::move(plugin)),
      status_(status),
      message_(std::move(message)) {}

PluginError PluginError::hostDetected(std::string plugin, lodestone_status status,
                                      std::string problem) {
    std::string what = "plugin \"" + plugin + "\" " + problem;
    return PluginError(std::move(plugin), status, std::move(problem), what);
}

LibraryError::LibraryError(std::vector<std::string> messages)
    : std::runtime_error(joinLines(messages)), messages_(std::move(messages)) {}

}  // namespace lodestone::plugins
