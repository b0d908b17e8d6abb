#include "config/ConfigNode.hpp"

#include <charconv>
#include <cmath>
#include <map>
#include <stdexcept>

namespace lodestone::config {
namespace {

int lineOf(const YAML::Node& node) {
    if (!node.IsDefined()) return 0;
    YAML::Mark mark = node.Mark();
    return mark.is_null() ? 0 : mark.line + 1;
}

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

// yaml-cpp keeps the first of two equal keys and drops the second without a word; an operator
// who wrote a section twice would silently lose half of it.
void reportDuplicateKeys(const ConfigNode& node) {
    std::map<std::string, int> firstLine;
    for (auto it = node.yaml().begin(); it != node.yaml().end(); ++it) {
        const std::string& key = it->first.Scalar();
        auto [seen, inserted] = firstLine.emplace(key, lineOf(it->first));
        if (inserted) continue;
        node.child(key, it->second, lineOf(it->first))
            .error("key given twice (first on line " + std::to_string(seen->second) + ")");
    }
}

}  // namespace

ConfigNode::ConfigNode(YAML::Node node, std::string path,
                       std::shared_ptr<const ConfigSource> source, int line)
    : node_(std::move(node)), path_(std::move(path)), source_(std::move(source)), line_(line) {}

ConfigNode ConfigNode::root(YAML::Node node, std::shared_ptr<const ConfigSource> source) {
    int line = lineOf(node);
    return ConfigNode(std::move(node), "", std::move(source), line > 0 ? line : 1);
}

std::string ConfigNode::location() const {
    return source_->file + ":" + std::to_string(line_);
}

void ConfigNode::error(const std::string& message) const {
    source_->diagnostics->error(source_->file, line_, path_, message);
}

ConfigNode ConfigNode::withDiagnostics(std::shared_ptr<Diagnostics> diagnostics) const {
    auto source = std::make_shared<ConfigSource>(*source_);
    source->diagnostics = std::move(diagnostics);
    return ConfigNode(node_, path_, std::move(source), line_);
}

ConfigNode ConfigNode::child(const std::string& key, YAML::Node node, int line) const {
    std::string path =
        path_.empty() ? key : (key.starts_with('[') ? path_ + key : path_ + "." + key);
    return ConfigNode(std::move(node), std::move(path), source_, line > 0 ? line : line_);
}

std::optional<std::string> ConfigNode::scalarText(const char* expected) const {
    if (!node_.IsScalar()) {
        error(std::string("expected ") + expected + ", got " +
              (node_.IsMap()        ? "a mapping"
               : node_.IsSequence() ? "a list"
                                    : "nothing"));
        return std::nullopt;
    }
    // No lookup at all: the text is taken as it is, "${" and "$${" included.
    if (!source_->env) return node_.Scalar();
    try {
        return expandEnvironment(node_.Scalar(), source_->env);
    } catch (const std::invalid_argument& e) {
        error(e.what());
        return std::nullopt;
    }
}

std::optional<std::string> ConfigNode::asString() const {
    return scalarText("a string");
}

std::optional<std::int64_t> ConfigNode::asInteger(std::int64_t min, std::int64_t max) const {
    auto text = scalarText("an integer");
    if (!text) return std::nullopt;
    std::int64_t value = 0;
    auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size()) {
        error("expected an integer, got " + quoted(*text));
        return std::nullopt;
    }
    if (value < min || value > max) {
        error("must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " +
              *text);
        return std::nullopt;
    }
    return value;
}

std::optional<double> ConfigNode::asNumber() const {
    auto text = scalarText("a number");
    if (!text) return std::nullopt;
    double value = 0;
    auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size() || !std::isfinite(value)) {
        error("expected a number, got " + quoted(*text));
        return std::nullopt;
    }
    return value;
}

std::optional<bool> ConfigNode::asBool() const {
    auto text = scalarText("true or false");
    if (!text) return std::nullopt;
    if (*text == "true") return true;
    if (*text == "false") return false;
    error("expected true or false, got " + quoted(*text));
    return std::nullopt;
}

std::optional<Duration> ConfigNode::asDuration() const {
    auto text = scalarText("a duration");
    if (!text) return std::nullopt;
    auto value = parseDuration(*text);
    if (!value) {
        error("expected a duration such as 500ms, 5s, 1m, 2h or 7d, got " + quoted(*text));
    }
    return value;
}

std::vector<ConfigNode> ConfigNode::elements() const {
    std::vector<ConfigNode> out;
    if (isNull()) return out;
    if (!node_.IsSequence()) {
        error("expected a list");
        return out;
    }
    for (std::size_t i = 0; i < node_.size(); ++i) {
        YAML::Node element = node_[i];
        out.push_back(child("[" + std::to_string(i) + "]", element, lineOf(element)));
    }
    return out;
}

std::vector<std::pair<std::string, ConfigNode>> ConfigNode::entries() const {
    std::vector<std::pair<std::string, ConfigNode>> out;
    if (isNull()) return out;
    if (!node_.IsMap()) {
        error("expected a mapping");
        return out;
    }
    reportDuplicateKeys(*this);
    for (auto it = node_.begin(); it != node_.end(); ++it) {
        std::string key = it->first.Scalar();
        out.emplace_back(key, child(key, it->second, lineOf(it->first)));
    }
    return out;
}

MapReader::MapReader(const ConfigNode& node) : node_(node) {
    if (node_.isMap()) {
        reportDuplicateKeys(node_);
    } else if (!node_.isNull()) {
        node_.error("expected a mapping");
    }
}

MapReader::~MapReader() {
    if (!finished_) finish();
}

std::optional<ConfigNode> MapReader::optional(const std::string& key) {
    known_.insert(key);
    if (!node_.isMap()) return std::nullopt;
    for (auto it = node_.yaml().begin(); it != node_.yaml().end(); ++it) {
        if (it->first.Scalar() != key) continue;
        ConfigNode value = node_.child(key, it->second, lineOf(it->first));
        // "key:" with nothing after it means "use the default", as an absent key does.
        if (value.isNull()) return std::nullopt;
        return value;
    }
    return std::nullopt;
}

std::optional<ConfigNode> MapReader::required(const std::string& key) {
    auto value = optional(key);
    if (!value) {
        node_.child(key, YAML::Node(), node_.line()).error("required key is missing");
    }
    return value;
}

void MapReader::read(const std::string& key, std::string& target) {
    if (auto child = optional(key)) {
        if (auto value = child->asString()) target = *value;
    }
}

void MapReader::read(const std::string& key, std::optional<std::string>& target) {
    if (auto child = optional(key)) {
        if (auto value = child->asString()) target = *value;
    }
}

void MapReader::read(const std::string& key, bool& target) {
    if (auto child = optional(key)) {
        if (auto value = child->asBool()) target = *value;
    }
}

void MapReader::read(const std::string& key, Duration& target) {
    if (auto child = optional(key)) {
        if (auto value = child->asDuration()) target = *value;
    }
}

void MapReader::read(const std::string& key, Duration& target, Duration min, Duration max) {
    auto child = optional(key);
    if (!child) return;
    auto value = child->asDuration();
    if (!value) return;
    if (*value < min || *value > max) {
        child->error("must be between " + formatDuration(min) + " and " + formatDuration(max) +
                     ", got " + formatDuration(*value));
        return;
    }
    target = *value;
}

void MapReader::finish() {
    finished_ = true;
    if (!node_.isMap()) return;
    std::string valid;
    for (const auto& key : known_) valid += (valid.empty() ? "" : ", ") + key;
    for (auto it = node_.yaml().begin(); it != node_.yaml().end(); ++it) {
        const std::string& key = it->first.Scalar();
        if (known_.contains(key)) continue;
        node_.child(key, it->second, lineOf(it->first))
            .error("unknown key (valid keys here: " + valid + ")");
    }
}

}  // namespace lodestone::config
