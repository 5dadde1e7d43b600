/* Draws avatar.png (160 x 160), the social card's avatar: a gradient tile with initials.
 * Rebuild: cc avatar.c $(pkg-config --cflags --libs cairo) -o /tmp/avatar && /tmp/avatar */
#include <cairo.h>

int main(void) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 160, 160);
    cairo_t *cr = cairo_create(surface);
    cairo_pattern_t *sky = cairo_pattern_create_linear(0, 0, 160, 160);
    cairo_pattern_add_color_stop_rgb(sky, 0, 0.39, 0.40, 0.95);   /* indigo */
    cairo_pattern_add_color_stop_rgb(sky, 1, 0.93, 0.29, 0.60);   /* pink */
    cairo_set_source(cr, sky);
    cairo_paint(cr);
    cairo_pattern_destroy(sky);
    /* A soft light from the top left. */
    cairo_pattern_t *glow = cairo_pattern_create_radial(48, 40, 4, 48, 40, 110);
    cairo_pattern_add_color_stop_rgba(glow, 0, 1, 1, 1, 0.35);
    cairo_pattern_add_color_stop_rgba(glow, 1, 1, 1, 1, 0);
    cairo_set_source(cr, glow);
    cairo_paint(cr);
    cairo_pattern_destroy(glow);
    /* Initials, centred. */
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 64);
    cairo_text_extents_t extents;
    cairo_text_extents(cr, "TL", &extents);
    cairo_move_to(cr, 80 - extents.width / 2 - extents.x_bearing, 80 - extents.height / 2 - extents.y_bearing);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.95);
    cairo_show_text(cr, "TL");
    cairo_destroy(cr);
    cairo_surface_write_to_png(surface, "avatar.png");
    cairo_surface_destroy(surface);
    return 0;
}
