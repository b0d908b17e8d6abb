#include "config/ConfigError.hpp"

namespace lodestone::config {
namespace {

std::string joinLines(const std::vector<std::string>& messages) {
    std::string joined;
    for (const auto& message : messages) {
        if (!joined.empty()) joined += '\n';
        joined += message;
    }
    return joined;
}

}  // namespace

ConfigError::ConfigError(std::vector<std::string> messages)
    : std::runtime_error(joinLines(messages)), messages_(std::move(messages)) {}

void Diagnostics::error(const std::string& file, int line, const std::string& path,
                        const std::string& message) {
    std::string text = file;
    if (line > 0) text += ":" + std::to_string(line);
    text += ": ";
    if (!path.empty()) text += path + ": ";
    text += message;
    messages_.push_back(std::move(text));
}

void Diagnostics::error(const Location& where, const std::string& message) {
    error(where.file, where.line, where.keyPath,
          where.includedFile ? "in " + *where.includedFile + ": " + message : message);
}

void Diagnostics::throwIfAny() const {
    if (!messages_.empty()) throw ConfigError(messages_);
}

}  // namespace lodestone::config
