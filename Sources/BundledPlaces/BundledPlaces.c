// C23 #embed puts each file's bytes into the binary at build time. The
// compiler records the files as dependencies of this one, so a new data file
// rebuilds it. Swift 6.3's clang accepts #embed in the default C mode as an
// extension; the pragma says that is intended.
#include "BundledPlaces.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char cities[] = {
#embed "GeoNames/cities15000.txt.gz"
};

static const unsigned char country_info[] = {
#embed "GeoNames/countryInfo.txt"
};

const unsigned char *forecastly_bundled_cities(size_t *size) {
    *size = sizeof cities;
    return cities;
}

const unsigned char *forecastly_bundled_country_info(size_t *size) {
    *size = sizeof country_info;
    return country_info;
}
