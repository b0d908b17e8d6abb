#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "domain/Records.hpp"
#include "storage/ProspectRepository.hpp"
#include "storage/Store.hpp"

// A campaign's prospects as a CSV file (docs/lists.md, "Export"): Add Lead's columns first, so
// the file imports into another campaign with the same fields, then what outreach made of each.
namespace lodestone::outreach {

// The prospects `filter` takes, newest first, written to `out` page by page (a read transaction
// each), so that memory does not follow the number of rows. Returns the number of rows written.
// The custom columns are the customData keys the filter's prospects hold when the export starts.
std::int64_t writeLeadList(storage::Store& store, const storage::ProspectFilter& filter,
                           std::ostream& out);

// "campaign-<id>-leads.csv", the name a download is saved under.
std::string leadListFileName(const domain::Campaign& campaign);

inline constexpr const char* kLeadListContentType = "text/csv; charset=utf-8";

}  // namespace lodestone::outreach
