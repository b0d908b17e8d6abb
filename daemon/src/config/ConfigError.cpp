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

std::string located(const Location& where, const std::string& message) {
    std::string text = where.file;
    if (where.line > 0) text += ":" + std::to_string(where.line);
    text += ": ";
    if (!where.keyPath.empty()) text += where.keyPath + ": ";
    if (where.includedFile) text += "in " + *where.includedFile + ": ";
    return text + message;
}

void Diagnostics::error(const std::string& file, int line, const std::string& path,
                        const std::string& message) {
    messages_.push_back(located({file, line, path, {}}, message));
}

void Diagnostics::error(const Location& where, const std::string& message) {
    messages_.push_back(located(where, message));
}

void Diagnostics::throwIfAny() const {
    if (!messages_.empty()) throw ConfigError(messages_);
}

}  // namespace lodestone::config
