#include "Classify.hpp"

#include "Text.hpp"
#include "leadfacts/Industries.hpp"
#include "leadfacts/SizeBands.hpp"
#include "leadfacts/Titles.hpp"

// research-basic's reading (research/leadfacts), so that a title, an industry or a size reads the
// same whichever research plugin reads it.
namespace lodestone::research_web {

std::string seniorityOf(std::string_view title) {
    return research_basic::seniorityFromTitle(title);
}

std::optional<std::string> departmentOf(std::string_view title) {
    return research_basic::departmentFromTitle(title);
}

std::optional<std::string> canonicalIndustry(std::string_view text) {
    const std::string industry =
        research_basic::normaliseIndustry(cut(collapseWhitespace(std::string(text)), 100));
    if (industry.empty()) return std::nullopt;
    return industry;
}

std::string sizeBandOf(long employees) {
    const auto size = research_basic::sizeOfHeadcount(employees < 1 ? 1 : employees);
    return size->band.value_or("1-10");
}

std::optional<std::string> sizeBandOfRange(std::string_view range) {
    const auto size = research_basic::parseCompanySize(range);
    if (!size || !size->band) return std::nullopt;
    return size->band;
}

std::string sizeCategoryOf(const std::string& band) {
    const auto size = research_basic::parseCompanySize(band);
    return size ? size->category : "enterprise";
}

}  // namespace lodestone::research_web
