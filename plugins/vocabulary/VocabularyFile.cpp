// Reading vocabulary.yaml. Every refusal names the file, the line and the key, because the file
// is edited by hand and read at reload: a message that points at the mistake is the whole help.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>

#include "text/Text.hpp"
#include "vocabulary/Vocabulary.hpp"

namespace lodestone::vocabulary {
namespace {

class Reader {
  public:
    explicit Reader(std::string name) : name_(std::move(name)) {}

    [[noreturn]] void fail(const YAML::Node& node, const std::string& key,
                           const std::string& message) const {
        const int line = node.Mark().line;  // -1 for a node the file does not hold
        throw VocabularyError(name_ + (line >= 0 ? ":" + std::to_string(line + 1) : "") + ": " +
                              key + ": " + message);
    }

    // Refuses keys outside `known` and returns the mapping.
    const YAML::Node& mapping(const YAML::Node& node, const std::string& key,
                              std::initializer_list<const char*> known) const {
        if (!node.IsMap()) fail(node, key, "expected a mapping");
        std::set<std::string> seen;
        for (const auto& entry : node) {
            const auto name = entry.first.as<std::string>();
            if (std::none_of(known.begin(), known.end(),
                             [&](const char* k) { return name == k; })) {
                fail(entry.first, key + "." + name, "unknown key");
            }
            // yaml-cpp keeps both of a key written twice; the reading would see only one.
            if (!seen.insert(name).second) fail(entry.first, key + "." + name, "given twice");
        }
        return node;
    }

    std::string text(const YAML::Node& parent, const std::string& key, const char* field) const {
        const YAML::Node node = parent[field];
        if (!node) fail(parent, key + "." + field, "missing");
        if (!node.IsScalar() || node.Scalar().empty()) {
            fail(node, key + "." + field, "expected a word");
        }
        return node.Scalar();
    }

    std::int64_t number(const YAML::Node& node, const std::string& key) const {
        try {
            return node.as<std::int64_t>();
        } catch (const YAML::Exception&) {
            fail(node, key, "expected a whole number");
        }
    }

    // A list of words, none listed twice (ignoring case).
    std::vector<std::string> words(const YAML::Node& node, const std::string& key) const {
        std::vector<std::string> result;
        if (!node) return result;
        if (!node.IsSequence()) fail(node, key, "expected a list");
        std::set<std::string> seen;
        for (std::size_t i = 0; i < node.size(); ++i) {
            const YAML::Node entry = node[i];
            const std::string at = key + "[" + std::to_string(i) + "]";
            if (!entry.IsScalar() || entry.Scalar().empty()) fail(entry, at, "expected a word");
            if (!seen.insert(plugin_text::lowerAscii(entry.Scalar())).second) {
                fail(entry, at, "\"" + entry.Scalar() + "\" is listed twice");
            }
            result.push_back(entry.Scalar());
        }
        return result;
    }

    // Title words: each a word or {words, notBefore, notAfter}.
    std::vector<TitleTerm> terms(const YAML::Node& node, const std::string& key) const {
        std::vector<TitleTerm> result;
        if (!node) return result;
        if (!node.IsSequence()) fail(node, key, "expected a list");
        std::set<std::string> seen;
        for (std::size_t i = 0; i < node.size(); ++i) {
            const YAML::Node entry = node[i];
            const std::string at = key + "[" + std::to_string(i) + "]";
            TitleTerm term;
            if (entry.IsMap()) {
                mapping(entry, at, {"words", "notBefore", "notAfter"});
                term.words = text(entry, at, "words");
                if (entry["notBefore"]) term.notBefore = text(entry, at, "notBefore");
                if (entry["notAfter"]) term.notAfter = text(entry, at, "notAfter");
            } else if (entry.IsScalar() && !entry.Scalar().empty()) {
                term.words = entry.Scalar();
            } else {
                fail(entry, at, "expected a word or {words, notBefore, notAfter}");
            }
            if (!seen.insert(plugin_text::lowerAscii(term.words)).second) {
                fail(entry, at, "\"" + term.words + "\" is listed twice");
            }
            result.push_back(std::move(term));
        }
        return result;
    }

    // Title words by language, in the order en, fr, de, es.
    std::vector<TitleTerm> byLanguage(const YAML::Node& node, const std::string& key) const {
        std::vector<TitleTerm> result;
        if (!node) return result;
        mapping(node, key, {"en", "fr", "de", "es"});
        for (const char* language : {"en", "fr", "de", "es"}) {
            for (auto& term : terms(node[language], key + "." + language)) {
                result.push_back(std::move(term));
            }
        }
        return result;
    }

    template <typename Read>
    void list(const YAML::Node& root, const char* key, Read read) const {
        const YAML::Node node = root[key];
        if (!node) fail(root, key, "missing");
        if (!node.IsSequence()) fail(node, key, "expected a list");
        for (std::size_t i = 0; i < node.size(); ++i) {
            read(node[i], std::string(key) + "[" + std::to_string(i) + "]");
        }
    }

  private:
    std::string name_;
};

// Keys and aliases share one namespace per kind: a word may stand for one key only.
class Names {
  public:
    explicit Names(const Reader& reader) : reader_(reader) {}

    void claim(const YAML::Node& node, const std::string& key, const std::string& name,
               const std::string& owner) {
        const auto [at, fresh] = owners_.emplace(plugin_text::lowerAscii(name), owner);
        if (!fresh && at->second != owner) {
            reader_.fail(node, key,
                         "\"" + name + "\" is claimed by both " + at->second + " and " + owner);
        }
        if (!fresh) reader_.fail(node, key, "\"" + name + "\" is listed twice");
    }
    bool has(const std::string& name) const {
        return owners_.contains(plugin_text::lowerAscii(name));
    }

  private:
    const Reader& reader_;
    std::map<std::string, std::string> owners_;
};

void readIndustries(const Reader& reader, const YAML::Node& root, Vocabulary& vocabulary) {
    Names names(reader);
    Names synonyms(reader);
    std::vector<std::pair<YAML::Node, std::string>> parents;
    reader.list(root, "industries", [&](const YAML::Node& node, const std::string& key) {
        reader.mapping(node, key,
                       {"name", "parent", "outranks", "synonyms", "anywhere", "inNames"});
        Industry industry;
        industry.name = reader.text(node, key, "name");
        names.claim(node["name"], key + ".name", industry.name, industry.name);
        if (node["parent"]) {
            industry.parent = reader.text(node, key, "parent");
            parents.emplace_back(node["parent"], key + ".parent");
        }
        if (node["outranks"]) {
            try {
                industry.outranks = node["outranks"].as<bool>();
            } catch (const YAML::Exception&) {
                reader.fail(node["outranks"], key + ".outranks", "expected true or false");
            }
        }
        industry.synonyms = reader.words(node["synonyms"], key + ".synonyms");
        for (std::size_t i = 0; i < industry.synonyms.size(); ++i) {
            synonyms.claim(node["synonyms"][i], key + ".synonyms[" + std::to_string(i) + "]",
                           industry.synonyms[i], industry.name);
        }
        industry.anywhere = reader.words(node["anywhere"], key + ".anywhere");
        industry.inNames = reader.words(node["inNames"], key + ".inNames");
        vocabulary.industries.push_back(std::move(industry));
    });
    // One level only: a parent is a broad industry, so no chain can loop.
    for (const auto& [node, key] : parents) {
        // Named, not captured as a binding: clang 14 cannot capture structured bindings.
        const std::string& wanted = node.Scalar();
        const auto parent =
            std::find_if(vocabulary.industries.begin(), vocabulary.industries.end(),
                         [&wanted](const Industry& industry) { return industry.name == wanted; });
        if (parent == vocabulary.industries.end()) {
            reader.fail(node, key, "\"" + node.Scalar() + "\" is not an industry of the file");
        }
        if (parent->parent) {
            reader.fail(node, key, "\"" + node.Scalar() + "\" has a parent itself");
        }
    }
}

// A seniority's or department's key and aliases, claimed in `names`.
std::vector<std::string> keyAndAliases(const Reader& reader, const YAML::Node& node,
                                       const std::string& key, Names& names, std::string& keyOut) {
    keyOut = reader.text(node, key, "key");
    names.claim(node["key"], key + ".key", keyOut, keyOut);
    auto aliases = reader.words(node["aliases"], key + ".aliases");
    for (std::size_t i = 0; i < aliases.size(); ++i) {
        names.claim(node["aliases"][i], key + ".aliases[" + std::to_string(i) + "]", aliases[i],
                    keyOut);
    }
    return aliases;
}

void readPeople(const Reader& reader, const YAML::Node& root, Vocabulary& vocabulary) {
    Names seniorities(reader);
    std::set<std::string> levels;
    reader.list(root, "seniorities", [&](const YAML::Node& node, const std::string& key) {
        reader.mapping(node, key, {"key", "label", "aliases"});
        Seniority seniority;
        seniority.aliases = keyAndAliases(reader, node, key, seniorities, seniority.key);
        seniority.label = node["label"] ? reader.text(node, key, "label") : seniority.key;
        levels.insert(seniority.key);
        vocabulary.seniorities.push_back(std::move(seniority));
    });
    reader.list(root, "seniorityTitleWords", [&](const YAML::Node& node, const std::string& key) {
        reader.mapping(node, key, {"level", "words"});
        SeniorityWords rule{reader.text(node, key, "level"),
                            reader.terms(node["words"], key + ".words")};
        if (!levels.contains(rule.level)) {
            reader.fail(node["level"], key + ".level",
                        "\"" + rule.level + "\" is not a key of seniorities");
        }
        vocabulary.seniorityTitleWords.push_back(std::move(rule));
    });
    Names departments(reader);
    reader.list(root, "departments", [&](const YAML::Node& node, const std::string& key) {
        reader.mapping(node, key, {"key", "label", "aliases", "titleWords", "fallbackWords"});
        Department department;
        department.aliases = keyAndAliases(reader, node, key, departments, department.key);
        department.label = node["label"] ? reader.text(node, key, "label") : department.key;
        department.titleWords = reader.byLanguage(node["titleWords"], key + ".titleWords");
        department.fallbackWords = reader.byLanguage(node["fallbackWords"], key + ".fallbackWords");
        vocabulary.departments.push_back(std::move(department));
    });
}

void readSizes(const Reader& reader, const YAML::Node& root, Vocabulary& vocabulary) {
    Names categories(reader);
    reader.list(root, "sizeCategories", [&](const YAML::Node& node, const std::string& key) {
        reader.mapping(node, key, {"key", "label", "words"});
        SizeCategory category{reader.text(node, key, "key"), reader.text(node, key, "label"),
                              reader.words(node["words"], key + ".words")};
        categories.claim(node["key"], key + ".key", category.key, category.key);
        vocabulary.sizeCategories.push_back(std::move(category));
    });
    Names labels(reader);
    reader.list(root, "sizeBands", [&](const YAML::Node& node, const std::string& key) {
        reader.mapping(node, key, {"label", "min", "max", "sizeCategory"});
        SizeBand band;
        band.label = reader.text(node, key, "label");
        labels.claim(node["label"], key + ".label", band.label, band.label);
        if (!node["min"]) reader.fail(node, key + ".min", "missing");
        band.min = reader.number(node["min"], key + ".min");
        if (node["max"]) band.max = reader.number(node["max"], key + ".max");
        band.sizeCategory = reader.text(node, key, "sizeCategory");
        if (!categories.has(band.sizeCategory)) {
            reader.fail(node["sizeCategory"], key + ".sizeCategory",
                        "\"" + band.sizeCategory + "\" is not a key of sizeCategories");
        }
        // Bands follow one another, so that a head count falls in exactly one.
        const auto& bands = vocabulary.sizeBands;
        if (!bands.empty() && (!bands.back().max || band.min != *bands.back().max + 1)) {
            reader.fail(node["min"], key + ".min", "does not follow the band before it");
        }
        if (band.max && *band.max < band.min) {
            reader.fail(node["max"], key + ".max", "is below min");
        }
        vocabulary.sizeBands.push_back(std::move(band));
    });
    // Every head count from 1 up has a band.
    const YAML::Node bands = root["sizeBands"];
    if (vocabulary.sizeBands.empty() || vocabulary.sizeBands.front().min != 1) {
        reader.fail(bands, "sizeBands", "the first band must start at 1");
    }
    if (vocabulary.sizeBands.back().max) {
        reader.fail(bands[bands.size() - 1], "sizeBands",
                    "the last band must be open-ended (no max)");
    }
}

}  // namespace

Vocabulary parseVocabulary(std::string_view text, const std::string& name) {
    const Reader reader(name);
    YAML::Node root;
    try {
        root = YAML::Load(std::string(text));
    } catch (const YAML::ParserException& error) {
        throw VocabularyError(name + ":" + std::to_string(error.mark.line + 1) + ": " + error.msg);
    }
    reader.mapping(root, "(top)",
                   {"industries", "seniorities", "seniorityTitleWords", "departments", "sizeBands",
                    "sizeCategories"});
    Vocabulary vocabulary;
    readIndustries(reader, root, vocabulary);
    readPeople(reader, root, vocabulary);
    readSizes(reader, root, vocabulary);
    return vocabulary;
}

Vocabulary loadVocabulary(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw VocabularyError(path + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    return parseVocabulary(text.str(), path);
}

}  // namespace lodestone::vocabulary
