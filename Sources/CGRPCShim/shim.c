#include "CGRPCShim.h"
