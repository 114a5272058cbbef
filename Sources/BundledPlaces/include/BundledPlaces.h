// The GeoNames data forecastly carries, compiled into the binary (see
// BundledPlaces.c), so that a binary copied anywhere on its own still
// resolves --city, searches places and names coordinates.
#ifndef FORECASTLY_BUNDLED_PLACES_H
#define FORECASTLY_BUNDLED_PLACES_H

#include <stddef.h>

/// GeoNames places of 15,000 people or more, gzipped (GeoNames/SOURCES.md).
const unsigned char *forecastly_bundled_cities(size_t *size);

/// GeoNames' countryInfo.txt: country names by ISO code.
const unsigned char *forecastly_bundled_country_info(size_t *size);

#endif
