#include "support/PrometheusText.hpp"

#include <cmath>
#include <cstdlib>
#include <set>
#include <stdexcept>

namespace lodestone::test {
namespace {

[[noreturn]] void fail(std::size_t line, const std::string& why) {
    throw std::runtime_error("line " + std::to_string(line) + ": " + why);
}

bool nameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool nameChar(char c) {
    return nameStart(c) || (c >= '0' && c <= '9');
}

bool isMetricName(const std::string& name) {
    if (name.empty() || !(nameStart(name[0]) || name[0] == ':')) return false;
    for (char c : name)
        if (!nameChar(c) && c != ':') return false;
    return true;
}

bool isLabelName(const std::string& name) {
    if (name.empty() || !nameStart(name[0])) return false;
    for (char c : name)
        if (!nameChar(c)) return false;
    return true;
}

// A float as Go's ParseFloat reads it, or +Inf, -Inf, NaN.
std::optional<double> parseNumber(const std::string& text) {
    if (text == "+Inf" || text == "Inf") return INFINITY;
    if (text == "-Inf") return -INFINITY;
    if (text == "NaN") return NAN;
    if (text.empty()) return std::nullopt;
    for (char c : text) {
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) {
            return std::nullopt;
        }
    }
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return std::nullopt;
    return value;
}

// The family a sample's name belongs to, given the type declared for `family`.
bool belongsTo(const std::string& sample, const MetricFamily& family) {
    if (sample == family.name) return family.type != "histogram";
    if (family.type != "histogram" && family.type != "summary") return false;
    for (const char* suffix : {"_bucket", "_sum", "_count"}) {
        if (sample == family.name + suffix) {
            return family.type == "histogram" || std::string(suffix) != "_bucket";
        }
    }
    return false;
}

struct SampleParser {
    const std::string& text;
    std::size_t line;
    std::size_t at = 0;

    std::string name() {
        const std::size_t start = at;
        while (at < text.size() && (nameChar(text[at]) || text[at] == ':')) ++at;
        return text.substr(start, at - start);
    }

    MetricLabels labels() {
        MetricLabels labels;
        if (at >= text.size() || text[at] != '{') return labels;
        ++at;
        while (true) {
            if (at < text.size() && text[at] == '}') {
                ++at;
                return labels;
            }
            const std::string label = name();
            if (!isLabelName(label)) fail(line, "bad label name \"" + label + "\"");
            if (at >= text.size() || text[at] != '=') fail(line, "expected = after " + label);
            if (++at >= text.size() || text[at] != '"') fail(line, "expected \" after " + label);
            ++at;
            std::string value;
            while (true) {
                if (at >= text.size()) fail(line, "unterminated value of " + label);
                const char c = text[at++];
                if (c == '"') break;
                if (c == '\n') fail(line, "raw line feed in the value of " + label);
                if (c != '\\') {
                    value += c;
                    continue;
                }
                if (at >= text.size()) fail(line, "dangling backslash in " + label);
                const char escaped = text[at++];
                if (escaped == '\\' || escaped == '"') {
                    value += escaped;
                } else if (escaped == 'n') {
                    value += '\n';
                } else {
                    fail(line, std::string("unknown escape \\") + escaped + " in " + label);
                }
            }
            if (!labels.emplace(label, value).second) fail(line, "label " + label + " twice");
            if (at < text.size() && text[at] == ',') {
                ++at;
                if (at < text.size() && text[at] == '}') fail(line, "trailing comma in labels");
            } else if (at >= text.size() || text[at] != '}') {
                fail(line, "expected , or } after the value of " + label);
            }
        }
    }
};

void checkHistogram(const MetricFamily& family, std::size_t line) {
    struct Series {
        std::vector<std::pair<double, double>> buckets;  // le, count, in written order
        std::optional<double> sum, count;
    };
    std::map<MetricLabels, Series> series;
    for (const auto& sample : family.samples) {
        MetricLabels labels = sample.labels;
        if (sample.name == family.name + "_bucket") {
            auto le = labels.find("le");
            if (le == labels.end()) fail(line, family.name + "_bucket without le");
            auto bound = parseNumber(le->second);
            if (!bound || std::isnan(*bound)) fail(line, "bad le \"" + le->second + "\"");
            labels.erase(le);
            series[labels].buckets.emplace_back(*bound, sample.value);
        } else if (sample.labels.contains("le")) {
            fail(line, sample.name + " carries le");
        } else if (sample.name == family.name + "_sum") {
            series[labels].sum = sample.value;
        } else {
            series[labels].count = sample.value;
        }
    }
    for (const auto& [labels, one] : series) {
        const std::string where =
            family.name + " (a series of " + std::to_string(labels.size()) + " labels)";
        if (one.buckets.empty()) fail(line, where + ": no buckets");
        if (!one.sum) fail(line, where + ": no _sum");
        if (!one.count) fail(line, where + ": no _count");
        for (std::size_t i = 1; i < one.buckets.size(); ++i) {
            if (one.buckets[i].first <= one.buckets[i - 1].first)
                fail(line, where + ": le not ascending");
            if (one.buckets[i].second < one.buckets[i - 1].second)
                fail(line, where + ": bucket counts decrease");
        }
        if (!std::isinf(one.buckets.back().first) || one.buckets.back().first < 0)
            fail(line, where + ": no +Inf bucket");
        if (one.buckets.back().second != *one.count)
            fail(line, where + ": +Inf bucket differs from _count");
    }
}

}  // namespace

MetricsScrape MetricsScrape::parse(const std::string& text) {
    MetricsScrape scrape;
    if (!text.empty() && text.back() != '\n') fail(0, "the text does not end with a line feed");
    std::set<std::pair<std::string, MetricLabels>> seen;
    MetricFamily* current = nullptr;  // the family whose samples are being read
    std::set<std::string> closed;     // families whose samples ended
    std::set<std::string> helped;     // families that have their HELP line
    std::size_t number = 0;
    std::size_t start = 0;
    auto finish = [&] {
        if (current && current->type == "histogram") checkHistogram(*current, number);
        if (current) closed.insert(current->name);
        current = nullptr;
    };
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string line = text.substr(start, end - start);
        start = end + 1;
        ++number;
        if (line.empty()) continue;
        if (line[0] == '#') {
            const bool help = line.starts_with("# HELP ");
            const bool type = line.starts_with("# TYPE ");
            if (!help && !type) continue;  // a plain comment
            const std::size_t nameEnd = line.find(' ', 7);
            const std::string name =
                line.substr(7, nameEnd == std::string::npos ? std::string::npos : nameEnd - 7);
            const std::string rest =
                nameEnd == std::string::npos ? std::string() : line.substr(nameEnd + 1);
            if (!isMetricName(name)) fail(number, "bad metric name \"" + name + "\"");
            if (closed.contains(name)) fail(number, name + " declared again after its samples");
            if (!current || current->name != name) {
                finish();
                if (scrape.families_.contains(name) && !scrape.families_[name].samples.empty())
                    fail(number, name + " declared again");
            }
            auto& family = scrape.families_[name];
            family.name = name;
            if (help) {
                if (!helped.insert(name).second) fail(number, "second HELP for " + name);
                for (std::size_t i = 0; i < rest.size(); ++i) {
                    if (rest[i] == '\\' &&
                        (i + 1 >= rest.size() || (rest[i + 1] != '\\' && rest[i + 1] != 'n'))) {
                        fail(number, "bad escape in the HELP of " + name);
                    }
                    if (rest[i] == '\\') ++i;
                }
                family.help = rest;
            } else {
                if (!family.type.empty()) fail(number, "second TYPE for " + name);
                static const std::set<std::string> types{"counter", "gauge", "histogram", "summary",
                                                         "untyped"};
                if (!types.contains(rest)) fail(number, "unknown type \"" + rest + "\"");
                family.type = rest;
            }
            current = &family;
            continue;
        }
        SampleParser parser{line, number};
        MetricSample sample;
        sample.name = parser.name();
        if (!isMetricName(sample.name)) fail(number, "bad metric name in \"" + line + "\"");
        sample.labels = parser.labels();
        if (parser.at >= line.size() || line[parser.at] != ' ')
            fail(number, "expected a space before the value");
        std::string valueText = line.substr(parser.at + 1);
        if (const auto space = valueText.find(' '); space != std::string::npos) {
            const std::string stamp = valueText.substr(space + 1);
            if (stamp.empty() || stamp.find_first_not_of("-0123456789") != std::string::npos)
                fail(number, "bad timestamp \"" + stamp + "\"");
            valueText.resize(space);
        }
        const auto value = parseNumber(valueText);
        if (!value) fail(number, "bad value \"" + valueText + "\"");
        sample.value = *value;
        if (!current || !belongsTo(sample.name, *current))
            fail(number, sample.name + " is not a sample of the family declared before it");
        if (current->type.empty()) fail(number, current->name + " has no TYPE before samples");
        if (!helped.contains(current->name))
            fail(number, current->name + " has no HELP before samples");
        if (current->type == "counter" && !(sample.value >= 0))
            fail(number, sample.name + " is a counter below zero");
        if (!seen.emplace(sample.name, sample.labels).second)
            fail(number, "series " + sample.name + " written twice");
        current->samples.push_back(std::move(sample));
    }
    finish();
    return scrape;
}

const MetricFamily* MetricsScrape::family(const std::string& name) const {
    auto found = families_.find(name);
    return found == families_.end() ? nullptr : &found->second;
}

std::optional<double> MetricsScrape::value(const std::string& name,
                                           const MetricLabels& labels) const {
    for (const auto& [familyName, family] : families_) {
        for (const auto& sample : family.samples) {
            if (sample.name == name && sample.labels == labels) return sample.value;
        }
    }
    return std::nullopt;
}

}  // namespace lodestone::test
