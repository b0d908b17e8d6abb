#include "metrics/Exposition.hpp"

#include <charconv>
#include <cmath>

namespace lodestone::metrics {
namespace {

bool isNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool isNameChar(char c) {
    return isNameStart(c) || (c >= '0' && c <= '9');
}

// HELP text escapes backslash and line feed (a double quote is fine there).
std::string escapeHelp(std::string_view help) {
    std::string out;
    out.reserve(help.size());
    for (char c : help) {
        if (c == '\\') {
            out += "\\\\";
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace

bool isMetricName(std::string_view name) {
    if (name.empty() || !(isNameStart(name[0]) || name[0] == ':')) return false;
    for (char c : name) {
        if (!isNameChar(c) && c != ':') return false;
    }
    return true;
}

bool isLabelName(std::string_view name) {
    if (name.empty() || !isNameStart(name[0]) || name.starts_with("__")) return false;
    for (char c : name) {
        if (!isNameChar(c)) return false;
    }
    return true;
}

std::string Exposition::escapeLabelValue(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (char c : value) {
        if (c == '\\') {
            out += "\\\\";
        } else if (c == '"') {
            out += "\\\"";
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += c;
        }
    }
    return out;
}

std::string Exposition::number(double value) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
    // Plain decimals for the usual range ("0.0005", as bucket bounds are usually written), the
    // exponent form beyond it; the shortest digits that read back as `value` either way.
    const double magnitude = std::fabs(value);
    const auto format = value == 0 || (magnitude >= 1e-6 && magnitude < 1e15)
                            ? std::chars_format::fixed
                            : std::chars_format::general;
    char buffer[64];
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, format);
    return error == std::errc() ? std::string(buffer, end) : std::string("NaN");
}

void Exposition::family(std::string_view name, std::string_view type, std::string_view help) {
    text_ += "# HELP ";
    text_ += name;
    text_ += ' ';
    text_ += escapeHelp(help);
    text_ += "\n# TYPE ";
    text_ += name;
    text_ += ' ';
    text_ += type;
    text_ += '\n';
}

void Exposition::labels(const LabelPairs& labels, std::string_view le) {
    if (labels.empty() && le.empty()) return;
    text_ += '{';
    bool first = true;
    for (const auto& [name, value] : labels) {
        if (!first) text_ += ',';
        first = false;
        text_ += name;
        text_ += "=\"";
        text_ += escapeLabelValue(value);
        text_ += '"';
    }
    if (!le.empty()) {
        if (!first) text_ += ',';
        text_ += "le=\"";
        text_ += le;
        text_ += '"';
    }
    text_ += '}';
}

void Exposition::sample(std::string_view name, const LabelPairs& labelPairs, double value) {
    text_ += name;
    labels(labelPairs);
    text_ += ' ';
    text_ += number(value);
    text_ += '\n';
}

void Exposition::sample(std::string_view name, const LabelPairs& labelPairs, std::uint64_t value) {
    text_ += name;
    labels(labelPairs);
    text_ += ' ';
    text_ += std::to_string(value);
    text_ += '\n';
}

void Exposition::histogram(std::string_view name, const LabelPairs& labelPairs,
                           const Histogram::Snapshot& snapshot) {
    const std::string bucket = std::string(name) + "_bucket";
    for (std::size_t i = 0; i < snapshot.cumulative.size(); ++i) {
        const std::string le =
            i < snapshot.upperBounds.size() ? number(snapshot.upperBounds[i]) : std::string("+Inf");
        text_ += bucket;
        labels(labelPairs, le);
        text_ += ' ';
        text_ += std::to_string(snapshot.cumulative[i]);
        text_ += '\n';
    }
    sample(std::string(name) + "_sum", labelPairs, snapshot.sum);
    sample(std::string(name) + "_count", labelPairs, snapshot.count());
}

}  // namespace lodestone::metrics
