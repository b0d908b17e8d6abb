#include "Technologies.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

constexpr std::uintmax_t kLargestFile = 16u * 1024u * 1024u;
constexpr std::size_t kLongestValue = 1024;  // of what a pattern is tried on
constexpr std::size_t kMostImplied = 64;

bool isObject(const Var& value) {
    return value.type() == typeid(Object::Ptr);
}
bool isArray(const Var& value) {
    return value.type() == typeid(Array::Ptr);
}

// A string or a list of strings, as Wappalyzer writes either.
std::vector<std::string> strings(const Var& value, const std::string& where) {
    std::vector<std::string> out;
    if (value.isString()) {
        out.push_back(value.extract<std::string>());
    } else if (isArray(value)) {
        for (const auto& item : *value.extract<Array::Ptr>()) {
            if (!item.isString()) throw FingerprintError(where + ": expected strings");
            out.push_back(item.extract<std::string>());
        }
    } else {
        throw FingerprintError(where + ": expected a string or a list of strings");
    }
    return out;
}

// The pattern before Wappalyzer's tags ("\;version:\1", "\;confidence:50"), which are ignored.
std::string withoutTags(const std::string& text) {
    return text.substr(0, text.find("\\;"));
}

// The longest run of characters every match must contain, in lower case: literal characters
// outside groups and classes, not made optional by a quantifier. Nothing when the pattern has
// an alternative at its top level.
std::string requiredLiteral(const std::string& pattern) {
    std::string best, run;
    const auto endRun = [&] {
        if (run.size() > best.size()) best = run;
        run.clear();
    };
    int depth = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
        if (c == '\\') {
            const bool literal = next != '\0' && !std::isalnum(static_cast<unsigned char>(next));
            ++i;
            if (depth > 0) continue;
            if (!literal) {
                endRun();
                continue;
            }
            const char after = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
            if (after == '?' || after == '*' || after == '{') {
                endRun();
            } else {
                run += static_cast<char>(std::tolower(static_cast<unsigned char>(next)));
                if (after == '+') endRun();
            }
            continue;
        }
        if (c == '[') {
            endRun();
            while (i < pattern.size() && pattern[i] != ']') i += pattern[i] == '\\' ? 2 : 1;
            continue;
        }
        if (c == '(') ++depth;
        if (c == ')') depth = depth > 0 ? depth - 1 : 0;
        if (c == '|' && depth == 0) return "";
        if (depth > 0 || c == '(' || c == ')') {
            endRun();
            continue;
        }
        if (std::string_view(".^$*+?{}|").find(c) != std::string_view::npos) {
            endRun();
            continue;
        }
        if (next == '?' || next == '*' || next == '{') {
            endRun();
        } else {
            run += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (next == '+') endRun();
        }
    }
    endRun();
    return best.size() >= 3 ? best : "";
}

std::string bounded(const std::string& value) {
    return value.size() <= kLongestValue ? value : value.substr(0, kLongestValue);
}

}  // namespace

Fingerprints::Pattern Fingerprints::compile(const std::string& text, const std::string& where) {
    Pattern pattern;
    const std::string source = withoutTags(text);
    pattern.any = source.empty();
    if (pattern.any) return pattern;
    try {
        pattern.regex =
            std::regex(source, std::regex::ECMAScript | std::regex::icase | std::regex::nosubs);
    } catch (const std::regex_error& e) {
        throw FingerprintError(where + ": the pattern \"" + cut(source, 80) +
                               "\" is not a regular expression (" + e.what() + ")");
    }
    pattern.literal = requiredLiteral(source);
    return pattern;
}

struct Fingerprints::Prepared {
    struct Value {
        std::string text;   // at most 1 KiB
        std::string lower;  // the same, lower case
        std::string name;   // lower case: a header's, cookie's or meta's name
    };
    std::vector<Value> scripts, tags, headers, cookies, meta;

    explicit Prepared(const PageSignals& page) {
        for (const auto& src : page.scriptSources) scripts.push_back(value(src));
        for (const auto& tag : page.startTags) tags.push_back(value(tag));
        for (const auto& [name, text] : page.headers) headers.push_back(value(text, name));
        for (const auto& [name, text] : page.cookies) cookies.push_back(value(text, name));
        for (const auto& [name, text] : page.metaTags) meta.push_back(value(text, name));
    }

    static Value value(const std::string& text, const std::string& name = "") {
        std::string cutText = bounded(text);
        std::string lower = lowerAscii(cutText);
        return {std::move(cutText), std::move(lower), lowerAscii(name)};
    }
};

bool Fingerprints::matches(const Pattern& pattern, const std::string& value,
                           const std::string& lower) {
    if (pattern.any) return true;
    if (!pattern.literal.empty() && lower.find(pattern.literal) == std::string::npos) return false;
    return std::regex_search(value, pattern.regex);
}

Fingerprints Fingerprints::load(const std::string& path) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error) throw FingerprintError("cannot read \"" + path + "\": " + error.message());
    if (size > kLargestFile) throw FingerprintError("\"" + path + "\" is larger than 16 MiB");
    std::ifstream file(path, std::ios::binary);
    std::ostringstream contents;
    contents << file.rdbuf();
    if (!file) throw FingerprintError("cannot read \"" + path + "\"");
    return parse(contents.str(), path);
}

Fingerprints Fingerprints::parse(const std::string& json, const std::string& origin) {
    Var root;
    try {
        // Keeps the file's order: detections are reported in it.
        Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
        root = parser.parse(json);
    } catch (const std::exception& e) {
        throw FingerprintError(origin + ": not JSON (" + e.what() + ")");
    }
    if (!isObject(root)) throw FingerprintError(origin + ": not a JSON object");
    const auto file = root.extract<Object::Ptr>();
    std::map<std::string, std::string> categoryNames;
    if (auto categories = file->getObject("categories")) {
        for (const auto& [id, category] : *categories) {
            if (isObject(category) && category.extract<Object::Ptr>()->has("name")) {
                categoryNames[id] = category.extract<Object::Ptr>()->getValue<std::string>("name");
            }
        }
    }
    const auto technologies = file->getObject("technologies");
    if (!technologies) throw FingerprintError(origin + ": no \"technologies\" object");

    Fingerprints fingerprints;
    // getNames() keeps the file's order; iterating the object would sort the names.
    for (const std::string& name : technologies->getNames()) {
        const Var entry = technologies->get(name);
        const std::string where = origin + ": technology \"" + name + "\"";
        if (!isObject(entry)) throw FingerprintError(where + ": expected an object");
        const auto fields = entry.extract<Object::Ptr>();
        Technology technology;
        technology.name = name;
        if (fields->has("cats")) {
            const Var cats = fields->get("cats");
            if (!isArray(cats)) throw FingerprintError(where + ": cats: expected a list of ids");
            for (const auto& id : *cats.extract<Array::Ptr>()) {
                if (!id.isInteger() && !id.isString()) {
                    throw FingerprintError(where + ": cats: expected a list of ids");
                }
                const auto found = categoryNames.find(id.convert<std::string>());
                technology.categories.push_back(found != categoryNames.end() ? found->second
                                                                             : "Other");
            }
        }
        for (const char* key : {"scriptSrc", "html"}) {
            if (!fields->has(key)) continue;
            auto& list = std::string(key) == "html" ? technology.html : technology.scriptSrc;
            for (const auto& text : strings(fields->get(key), where + ": " + key)) {
                list.push_back(compile(text, where + ": " + key));
            }
        }
        for (const char* key : {"meta", "headers", "cookies"}) {
            if (!fields->has(key)) continue;
            const Var keyed = fields->get(key);
            if (!isObject(keyed))
                throw FingerprintError(where + ": " + key + ": expected an object");
            auto& list = std::string(key) == "meta"      ? technology.meta
                         : std::string(key) == "headers" ? technology.headers
                                                         : technology.cookies;
            for (const auto& [field, value] : *keyed.extract<Object::Ptr>()) {
                const std::string at = where + ": " + key + "." + field;
                for (const auto& text : strings(value, at)) {
                    list.push_back({lowerAscii(field), compile(text, at)});
                }
            }
        }
        if (fields->has("implies")) {
            for (const auto& implied : strings(fields->get("implies"), where + ": implies")) {
                technology.implies.push_back(trim(withoutTags(implied)));
            }
        }
        fingerprints.technologies_.push_back(std::move(technology));
    }
    return fingerprints;
}

std::string Fingerprints::clue(const Technology& technology, const Prepared& page) const {
    for (const auto& pattern : technology.scriptSrc) {
        for (const auto& src : page.scripts) {
            if (matches(pattern, src.text, src.lower)) return "script " + cut(src.text, 120);
        }
    }
    const auto keyed = [](const std::vector<Keyed>& patterns,
                          const std::vector<Prepared::Value>& values,
                          const std::string& what) -> std::string {
        for (const auto& [key, pattern] : patterns) {
            for (const auto& value : values) {
                if (value.name == key && matches(pattern, value.text, value.lower)) {
                    return what + " " + value.name +
                           (value.text.empty() ? "" : ": " + cut(value.text, 80));
                }
            }
        }
        return "";
    };
    for (auto found : {keyed(technology.headers, page.headers, "header"),
                       keyed(technology.cookies, page.cookies, "cookie"),
                       keyed(technology.meta, page.meta, "meta")}) {
        if (!found.empty()) return found;
    }
    for (const auto& pattern : technology.html) {
        for (const auto& tag : page.tags) {
            if (matches(pattern, tag.text, tag.lower)) return "markup " + cut(tag.text, 120);
        }
    }
    return "";
}

std::vector<Detection> Fingerprints::detect(const PageSignals& signals) const {
    const Prepared page(signals);
    std::vector<Detection> found;
    std::set<std::string> named;
    for (const auto& technology : technologies_) {
        std::string why = clue(technology, page);
        if (why.empty()) continue;
        named.insert(technology.name);
        found.push_back({technology.name, technology.categories, std::move(why)});
    }
    // What the detected imply, and what those imply, each once.
    for (std::size_t i = 0; i < found.size() && found.size() < kMostImplied + named.size(); ++i) {
        const std::string implier = found[i].name;
        for (const auto& technology : technologies_) {
            if (technology.name != implier) continue;
            for (const auto& implied : technology.implies) {
                if (!named.insert(implied).second) continue;
                std::vector<std::string> categories;
                for (const auto& other : technologies_) {
                    if (other.name == implied) categories = other.categories;
                }
                found.push_back({implied, categories, "implied by " + implier});
            }
        }
    }
    return found;
}

NamedValues cookiesFrom(const NamedValues& headers) {
    NamedValues cookies;
    for (const auto& [name, value] : headers) {
        if (!equalsIgnoreCase(name, "Set-Cookie")) continue;
        std::size_t start = 0;
        while (start < value.size() && cookies.size() < 100) {
            std::size_t end = value.find(", ", start);
            if (end == std::string::npos) end = value.size();
            const std::string cookie = value.substr(start, end - start);
            const std::size_t equals = cookie.find('=');
            const std::string cookieName = trim(cookie.substr(0, equals));
            // Pieces of an Expires date ("21 Oct 2015 07:28:00 GMT; Path") are not names.
            if (equals != std::string::npos && !cookieName.empty() &&
                cookieName.find_first_of(" ;") == std::string::npos) {
                const std::string rest = cookie.substr(equals + 1);
                cookies.emplace_back(cookieName, rest.substr(0, rest.find(';')));
            }
            start = end + 2;
        }
    }
    return cookies;
}

}  // namespace lodestone::research_web
