// The vocabulary: industries, departments, seniorities and company size bands as one data file
// (vocabulary.yaml, docs/plugins.md "The vocabulary"), read by research, content-template and the
// ICP scorer so that what one reports the others know by the same name.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::vocabulary {

// A file that cannot be read, or says something the vocabulary refuses. The message names the
// file, the line and the key ("vocabulary.yaml:12: industries[3].parent: ...").
class VocabularyError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One word or phrase of a title rule as written, with the words that keep it from counting when
// they come right after it or right before it (space-separated, as written).
struct TitleTerm {
    std::string words;
    std::string notBefore;
    std::string notAfter;
};

struct Industry {
    std::string name;
    std::optional<std::string> parent;
    bool outranks = false;
    std::vector<std::string> synonyms;  // as typed in an industry field
    std::vector<std::string> anywhere;  // phrases naming it in any text, four languages
    std::vector<std::string> inNames;   // words naming it in a company's name or domain
};

struct Seniority {
    std::string key;
    std::string label;  // as facts show it ("VP"); the key when the file gives none
    std::vector<std::string> aliases;
};

// A rule of `seniorityTitleWords`: a title naming one of `words` is at `level`.
struct SeniorityWords {
    std::string level;
    std::vector<TitleTerm> words;
};

struct Department {
    std::string key;
    std::string label;  // as facts show it ("Customer Success"); the key when the file gives none
    std::vector<std::string> aliases;
    std::vector<TitleTerm> titleWords;     // en, fr, de, es, in that order
    std::vector<TitleTerm> fallbackWords;  // likewise; read when no department's titleWords are
};

struct SizeBand {
    std::string label;
    std::int64_t min = 0;
    std::optional<std::int64_t> max;  // nothing: open-ended
    std::string sizeCategory;
};

struct SizeCategory {
    std::string key;
    std::string label;
    std::vector<std::string> words;
};

struct Vocabulary {
    std::vector<Industry> industries;
    std::vector<Seniority> seniorities;  // bottom of a company to its top
    std::vector<SeniorityWords> seniorityTitleWords;
    std::vector<Department> departments;
    std::vector<SizeBand> sizeBands;  // smallest first
    std::vector<SizeCategory> sizeCategories;
};

// Reads and checks a vocabulary file; throws VocabularyError.
Vocabulary loadVocabulary(const std::string& path);
// The same for text already read; `name` is what messages call it.
Vocabulary parseVocabulary(std::string_view text, const std::string& name);

// The vocabulary.yaml of the source tree, compiled in: the words read where no file is configured
// (a host older than ABI 1.4, a daemon configured in code, a unit test), so that they are the
// same words. Parsed once; immutable.
std::shared_ptr<const Vocabulary> builtInVocabulary();

// The file at `path`, read now; the built-in words when `path` is empty. Each reader (a plugin
// instance at configure(), the daemon at start and at reload) holds what this returns and passes
// it down, so that a reload puts an edited file in force by making new readers, never by
// changing what a running one reads. Throws VocabularyError.
std::shared_ptr<const Vocabulary> vocabularyAt(const std::string& path);

// The key a seniority or department is known by, from its key or an alias, both as tokens
// (lower case, words joined by "_": "c_level"); nothing when the vocabulary names none.
std::optional<std::string> seniorityKeyOf(const Vocabulary& vocabulary, std::string_view token);
std::optional<std::string> departmentKeyOf(const Vocabulary& vocabulary, std::string_view token);
// The industry of that canonical name, ignoring case; nullptr when there is none.
const Industry* industryNamed(const Vocabulary& vocabulary, std::string_view name);
// The band a head count falls in; nullptr below the first band.
const SizeBand* sizeBandOf(const Vocabulary& vocabulary, std::int64_t headcount);
// The labels facts show for a seniority or department key; the key itself when unknown.
std::string seniorityLabel(const Vocabulary& vocabulary, std::string_view key);
std::string departmentLabel(const Vocabulary& vocabulary, std::string_view key);
// The label of a size category ("mid-market" for mid_market); the key itself when unknown.
std::string sizeCategoryLabel(const Vocabulary& vocabulary, std::string_view key);

}  // namespace lodestone::vocabulary
