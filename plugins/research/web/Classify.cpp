#include "Classify.hpp"

#include "Text.hpp"
#include "leadfacts/Industries.hpp"
#include "leadfacts/SizeBands.hpp"
#include "leadfacts/Titles.hpp"

// research-basic's reading (research/leadfacts), so that a title, an industry or a size reads the
// same whichever research plugin reads it.
namespace lodestone::research_web {

std::string seniorityOf(const LeadVocabulary& vocab, std::string_view title) {
    return research_basic::seniorityFromTitle(vocab, title);
}

std::optional<std::string> departmentOf(const LeadVocabulary& vocab, std::string_view title) {
    return research_basic::departmentFromTitle(vocab, title);
}

std::optional<std::string> canonicalIndustry(const LeadVocabulary& vocab, std::string_view text) {
    const std::string industry =
        research_basic::normaliseIndustry(vocab, cut(collapseWhitespace(std::string(text)), 100));
    if (industry.empty()) return std::nullopt;
    return industry;
}

std::string sizeBandOf(const LeadVocabulary& vocab, long employees) {
    const auto size = research_basic::sizeOfHeadcount(vocab, employees < 1 ? 1 : employees);
    return size->band.value_or("1-10");
}

std::optional<std::string> sizeBandOfRange(const LeadVocabulary& vocab, std::string_view range) {
    const auto size = research_basic::parseCompanySize(vocab, range);
    if (!size || !size->band) return std::nullopt;
    return size->band;
}

std::string sizeCategoryOf(const LeadVocabulary& vocab, const std::string& band) {
    const auto size = research_basic::parseCompanySize(vocab, band);
    return size ? size->category : "enterprise";
}

}  // namespace lodestone::research_web
