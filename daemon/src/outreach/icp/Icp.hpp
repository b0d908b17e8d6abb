#pragma once

// The ICP scoring module in one include: parse a campaign's criteria, build a prospect's profile
// from its lead and research, score it (docs/icp.md).
#include "outreach/icp/IcpCriteria.hpp"
#include "outreach/icp/IcpError.hpp"
#include "outreach/icp/IcpScore.hpp"
#include "outreach/icp/IcpScorer.hpp"
#include "outreach/icp/ProspectProfile.hpp"
