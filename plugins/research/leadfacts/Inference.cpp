#include "Inference.hpp"

#include <map>

#include "Evidence.hpp"
#include "LeadVocabulary.hpp"
#include "SizeBands.hpp"
#include "Text.hpp"
#include "Titles.hpp"

namespace lodestone::research_basic {
namespace {

// Where an industry is named in one clue.
struct Naming {
    std::string industry;
    bool outranks;        // IndustryTerms::outranks
    std::size_t word;     // index of its first word among the clue's words
    std::size_t length;   // in words
    std::size_t letters;  // of the term matched: "spielbank*" outweighs "*bank"
    std::size_t begin;    // bytes [begin, end) of the clue's text
    std::size_t end;
};

// Domains run words together ("luckyspincasinos"); a word of an industry counts at either end of
// a domain's word when it is long enough not to turn up by chance ("credit" in "accredited").
constexpr std::size_t kShortestJoinedWord = 6;

bool atEitherEnd(const std::string& word, const std::string& part) {
    return part.size() >= kShortestJoinedWord && word.size() > part.size() &&
           (word.starts_with(part) || word.ends_with(part));
}

bool matchesWord(const IndustryTerm& term, const std::string& word) {
    const std::string& wanted = term.words[0];
    if (term.anyStart && term.anyEnd) return word.find(wanted) != std::string::npos;
    if (term.anyStart) return word.ends_with(wanted);
    if (term.anyEnd) return word.starts_with(wanted);
    return word == wanted;
}

// Whether `term` starts at word `at` of `folded` (the clue's words as titleWords() folds them):
// how many words it covers there, 0 when it does not.
std::size_t termAt(const std::vector<std::string>& folded, std::size_t at, const IndustryTerm& term,
                   bool joined) {
    const auto& parts = term.words;
    if (parts.empty() || at + parts.size() > folded.size()) return 0;
    if (parts.size() == 1) {
        if (matchesWord(term, folded[at])) return 1;
        return joined && atEitherEnd(folded[at], parts[0]) ? 1 : 0;
    }
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (folded[at + i] != parts[i]) return 0;
    }
    return parts.size();
}

std::size_t lettersOf(const IndustryTerm& term) {
    std::size_t letters = 0;
    for (const auto& word : term.words) letters += word.size();
    return letters;
}

// Whether the phrase of words `parts` starts at word `at` of `spans`: how many words it covers
// there, 0 when it does not.
std::size_t phraseAt(const std::vector<WordAt>& spans, std::size_t at,
                     const std::vector<std::string>& parts, bool joined) {
    if (parts.empty() || at + parts.size() > spans.size()) return 0;
    if (parts.size() == 1 && joined && atEitherEnd(spans[at].word, parts[0])) return 1;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (spans[at + i].word != parts[i]) return 0;
    }
    return parts.size();
}

// The leftmost industry phrase of the clue (the longest at the same word).
std::optional<Naming> industryNamedIn(const LeadVocabulary& vocab, const Clue& clue) {
    const auto spans = wordsAt(clue.text);
    std::vector<std::string> folded;
    for (const auto& span : spans) {
        const auto plain = titleWords(span.word);
        folded.push_back(plain.empty() ? span.word : plain.front());
    }
    std::optional<Naming> best;
    const bool joined = clue.kind == Clue::Kind::Domain;
    for (const auto& terms : vocab.industryTerms()) {
        const auto consider = [&](const IndustryTerm& term) {
            const std::size_t letters = lettersOf(term);
            for (std::size_t at = 0; at < folded.size(); ++at) {
                const std::size_t length = termAt(folded, at, term, joined);
                if (length == 0) continue;
                const bool earlier =
                    best &&
                    (at < best->word ||
                     (at == best->word && (length > best->length ||
                                           (length == best->length && letters > best->letters))));
                if (!best || (terms.outranks && !best->outranks) ||
                    (terms.outranks == best->outranks && earlier)) {
                    best = Naming{terms.industry,
                                  terms.outranks,
                                  at,
                                  length,
                                  letters,
                                  spans[at].begin,
                                  spans[at + length - 1].end};
                }
                return;
            }
        };
        for (const auto& term : terms.anywhere) consider(term);
        if (clue.kind == Clue::Kind::Notes || clue.kind == Clue::Kind::Title) continue;
        for (const auto& term : terms.inNames) consider(term);
    }
    return best;
}

// Working alone: a title naming it has a company of one.
const char* const kSelfEmployed[] = {
    "freelance",       "freelancer",  "self employed",          "sole trader",
    "sole proprietor", "solopreneur", "independent consultant", "independent contractor"};

std::optional<Inference> selfEmployed(const LeadVocabulary& vocab, const Clue& clue) {
    // Notes mention freelancers the company works with; a title is the person's own work.
    if (clue.kind != Clue::Kind::Title) return std::nullopt;
    const auto spans = wordsAt(clue.text);
    for (std::size_t at = 0; at < spans.size(); ++at) {
        for (const char* phrase : kSelfEmployed) {
            const std::size_t length = phraseAt(spans, at, words(phrase), false);
            if (length == 0) continue;
            return Inference{
                *sizeOfHeadcount(vocab, 1)->band,
                quotedSource(clue.label, clue.text, spans[at].begin, spans[at + length - 1].end),
                {clue.label}};
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<Inference> inferIndustry(const LeadVocabulary& vocab,
                                       const std::vector<Clue>& clues) {
    std::vector<std::optional<Naming>> namings;
    std::map<std::string, std::size_t> votes;
    for (const auto& clue : clues) {
        namings.push_back(industryNamedIn(vocab, clue));
        if (namings.back()) ++votes[namings.back()->industry];
    }
    std::optional<std::string> chosen;
    std::size_t most = 0;
    // Clues come in order of trust: the earlier wins a tie.
    for (const auto& naming : namings) {
        if (naming && votes[naming->industry] > most) {
            chosen = naming->industry;
            most = votes[naming->industry];
        }
    }
    if (!chosen) return std::nullopt;
    Inference inference{*chosen, "", {}};
    for (std::size_t i = 0; i < clues.size(); ++i) {
        if (!namings[i] || namings[i]->industry != *chosen) continue;
        if (!inference.source.empty()) inference.source += "; ";
        inference.source +=
            quotedSource(clues[i].label, clues[i].text, namings[i]->begin, namings[i]->end);
        inference.labels.push_back(clues[i].label);
    }
    return inference;
}

std::optional<Inference> inferSizeBand(const LeadVocabulary& vocab,
                                       const std::vector<Clue>& clues) {
    for (const auto& clue : clues) {
        if (auto mention = headcountIn(vocab, clue.text); mention && mention->size.band) {
            return Inference{*mention->size.band,
                             quotedSource(clue.label, clue.text, mention->begin, mention->end),
                             {clue.label}};
        }
        if (auto alone = selfEmployed(vocab, clue)) return alone;
    }
    return std::nullopt;
}

}  // namespace lodestone::research_basic
