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

int KeyLines::lineOf(std::string path) const {
    while (!path.empty()) {
        if (auto found = lines.find(path); found != lines.end()) return found->second;
        // The enclosing key: "steps[1].subject" -> "steps[1]" -> "steps".
        auto cut = path.find_last_of(".[");
        path.resize(cut == std::string::npos ? 0 : cut);
    }
    return 0;
}

std::string locatedInMapping(const Location& where, const KeyLines& lines, const std::string& path,
                             const std::string& message) {
    const int line = lines.lineOf(path);
    if (where.includedFile) {
        std::string inner = lines.file.empty() ? *where.includedFile : lines.file;
        if (line > 0) inner += ":" + std::to_string(line);
        inner += ": ";
        if (!path.empty()) inner += path + ": ";
        return located({where.file, where.line, where.keyPath, {}}, "in " + inner + message);
    }
    std::string keyPath = where.keyPath;
    if (!path.empty()) keyPath += (path.starts_with('[') || keyPath.empty() ? "" : ".") + path;
    return located({where.file, line > 0 ? line : where.line, keyPath, {}}, message);
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
