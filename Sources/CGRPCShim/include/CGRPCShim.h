/* placeholder */
#include <stddef.h>
