#pragma once

#include "outreach/addlead/ObjectWalk.hpp"

namespace lodestone::outreach {

// The optional `company` object of a lead body, signals included; whether the body had one.
bool readCompany(ObjectWalk& lead, int currentYear);

// The optional `contact` object of a lead body.
void readContact(ObjectWalk& lead);

}  // namespace lodestone::outreach
